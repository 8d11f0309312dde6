import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { analyticsErrorCodes } from "./analytics-errors.js";
import { createAnalyticsQueryService } from "./query/analytics-query-service.js";
import { checkAnalyticsColumns } from "./query/check-analytics-columns.js";
import { QUERY_ROUTES } from "./query/query-routes.js";
import { REPORT_ROUTES } from "./reports/report-routes.js";

/**
 * Analytics: declared models queried through an allow-list (`/api/analytics/meta`, `/query`) and the six
 * built-in reports (`/api/analytics/reports`).
 */
export const analyticsModule: PluginManifest = {
  id: "analytics",
  version: CORE_VERSION,
  dependencies: ["orders", "inventory", "settings"],
  permissions: [{ scope: "analytics:read", description: "Query analytics models and read reports" }],
  errors: analyticsErrorCodes,
  services: (context) => ({ analyticsQueries: createAnalyticsQueryService(context) }),
  // Every migration (plugins' too) has run by now: a model naming a missing column fails boot, not a query.
  start: async ({ db, registries }) => {
    await checkAnalyticsColumns(db, registries.analyticsModels.values());
  },
  routes: (context) => [...QUERY_ROUTES, ...REPORT_ROUTES].flatMap((route) => route(context)),
};
