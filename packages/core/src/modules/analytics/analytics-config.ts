/** Limits of `POST /api/analytics/query`: `config.analytics`. */
export interface AnalyticsConfig {
  /**
   * How long one query may run before PostgreSQL cancels it (`SET LOCAL statement_timeout` in the query's
   * read-only transaction); the request then answers 503 ANALYTICS_QUERY_TIMEOUT.
   * @default 10000
   */
  statementTimeoutMs?: number;
  /**
   * The most rows a query may ask for (`limit`); more is a 422.
   * @default 10000
   */
  maxRows?: number;
}

declare module "../../kernel/config.js" {
  interface CommerceConfig {
    /** Analytics query limits: `statementTimeoutMs` (default 10000), `maxRows` (default 10000). */
    analytics?: AnalyticsConfig;
  }
}

/** The limits in force, defaults applied; fails boot on a malformed `analytics` section, naming the key. */
export function resolveAnalyticsConfig(config: AnalyticsConfig | undefined): Required<AnalyticsConfig> {
  const resolved = { statementTimeoutMs: config?.statementTimeoutMs ?? 10_000, maxRows: config?.maxRows ?? 10_000 };
  if (
    !Number.isInteger(resolved.statementTimeoutMs) ||
    resolved.statementTimeoutMs < 1 ||
    resolved.statementTimeoutMs > 3_600_000
  ) {
    throw new Error("analytics.statementTimeoutMs must be an integer number of milliseconds from 1 to 3600000");
  }
  if (!Number.isInteger(resolved.maxRows) || resolved.maxRows < 1 || resolved.maxRows > 1_000_000) {
    throw new Error("analytics.maxRows must be an integer from 1 to 1000000");
  }
  return resolved;
}
