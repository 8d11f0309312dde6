import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
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
  routes: (context) => [...QUERY_ROUTES, ...REPORT_ROUTES].flatMap((route) => route(context)),
};
