/**
 * The analytics module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/analytics/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { analyticsModule } from "./analytics-module.js";
export { type AnalyticsConfig, resolveAnalyticsConfig } from "./analytics-config.js";
export type {
  AnalyticsModelInfo,
  AnalyticsQueryInput,
  AnalyticsQueryMeta,
  AnalyticsRow,
} from "./query/analytics-query-schemas.js";
export type { AnalyticsQueryService } from "./query/analytics-query-service.js";
export { REPORT_NAMES, reportQuerySchema, reportResultSchema } from "./reports/report-schemas.js";
export { runReport } from "./reports/run-report.js";
