import type { AnalyticsModel } from "../../kernel/analytics-model.js";

/** Customer profiles, one row per person per store (accounts and records staff made). */
export const customersAnalyticsModel: AnalyticsModel = {
  name: "customers",
  description: "Customer profiles, one row each",
  table: "customers",
  measures: {
    count: { type: "count", description: "Number of customers" },
  },
  dimensions: {
    hasAccount: { type: "boolean", column: "has_account", description: "Signed up (true) or made by staff (false)" },
    acceptsMarketing: { type: "boolean", column: "accepts_marketing" },
    createdAt: { type: "time", column: "created_at", description: "When the profile was created" },
  },
};
