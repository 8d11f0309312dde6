import { sql, type Kysely, type Transaction } from "kysely";
import type { CoreTables } from "../../../db/core-tables.js";
import { AppError } from "../../../kernel/app-error.js";
import type { ServiceContext } from "../../../kernel/contexts.js";
import type { TxOptions } from "../../../kernel/transaction.js";
import { resolveAnalyticsConfig } from "../analytics-config.js";
import type {
  AnalyticsModelInfo,
  AnalyticsQueryInput,
  AnalyticsQueryMeta,
  AnalyticsRow,
} from "./analytics-query-schemas.js";
import { BUCKET_KEY, compileAnalyticsQuery, dimensionKey, measureKey } from "./compile-analytics-query.js";
import { resolveAnalyticsQuery, type AnalyticsQueryPlan } from "./resolve-analytics-query.js";

/** PostgreSQL's `query_canceled`: the statement timeout fired. */
const QUERY_CANCELED = "57014";
/** PostgreSQL's `invalid_parameter_value`, answered for a time zone its tzdata lacks. */
const INVALID_PARAMETER_VALUE = "22023";

export type AnalyticsQueryService = ReturnType<typeof createAnalyticsQueryService>;

declare module "../../../kernel/services.js" {
  interface Services {
    /** Declared analytics models: their description and queries over them (`POST /api/analytics/query`). */
    analyticsQueries: AnalyticsQueryService;
  }
}

/** Runs queries over the models every manifest declared (`registries.analyticsModels`). */
export function createAnalyticsQueryService({
  config,
  db,
  registries,
  services,
}: Pick<ServiceContext, "config" | "db" | "registries" | "services">) {
  const limits = resolveAnalyticsConfig(config.analytics);
  const models = registries.analyticsModels;

  return {
    /** Every model with its measures and dimensions, by name; tables and columns stay private. */
    describeModels(): AnalyticsModelInfo[] {
      return [...models.values()].map((model) => ({
        name: model.name,
        description: model.description ?? null,
        measures: Object.entries(model.measures).map(([name, measure]) => ({
          name,
          type: measure.type,
          description: measure.description ?? null,
        })),
        dimensions: Object.entries(model.dimensions).map(([name, dimension]) => ({
          name,
          type: dimension.type,
          granularities:
            dimension.type === "time"
              ? [...(dimension.granularities ?? ["hour", "day", "week", "month", "quarter", "year"])]
              : null,
          description: dimension.description ?? null,
        })),
      }));
    },

    /**
     * Runs a query on the organization's rows: 422 for anything the model does not declare, 503
     * ANALYTICS_QUERY_TIMEOUT past `analytics.statementTimeoutMs`. Without `trx` it runs in a read-only
     * transaction of its own.
     */
    async query(
      organizationId: string,
      input: AnalyticsQueryInput,
      options?: TxOptions,
    ): Promise<{ data: AnalyticsRow[]; meta: AnalyticsQueryMeta }> {
      const general = input.timezone ? undefined : await services.settings.get(organizationId, "general", options);
      const plan = resolveAnalyticsQuery(models, input, {
        maxRows: limits.maxRows,
        timezone: input.timezone ?? general?.timezone ?? "UTC",
      });
      const query = compileAnalyticsQuery(plan, organizationId);
      const rows = await withStatementTimeout(
        db,
        options?.trx,
        limits.statementTimeoutMs,
        async (trx) => (await query.execute(trx)).rows,
      ).catch((error: unknown) => {
        throw translateDatabaseError(error, plan, limits.statementTimeoutMs);
      });
      return {
        data: rows.slice(0, plan.limit).map((row) => toAnswerRow(plan, row)),
        meta: {
          model: plan.model,
          measures: plan.measures.map((measure) => measure.name),
          dimensions: plan.dimensions.map((dimension) => dimension.name),
          timeDimension: plan.time ? { dimension: plan.time.name, granularity: plan.time.granularity } : null,
          timezone: plan.timezone,
          limit: plan.limit,
          hasMore: rows.length > plan.limit,
        },
      };
    },
  };
}

/**
 * Runs `work` with a statement timeout: in a read-only transaction of its own, or on the caller's
 * transaction (whose timeout is put back afterwards). `set transaction read only` is written out because
 * the PGlite dialect ignores Kysely's access mode.
 */
async function withStatementTimeout<T>(
  db: Kysely<CoreTables>,
  trx: Transaction<CoreTables> | undefined,
  timeoutMs: number,
  work: (trx: Transaction<CoreTables>) => Promise<T>,
): Promise<T> {
  const setTimeout = (on: Transaction<CoreTables>, value: string) =>
    sql`select set_config('statement_timeout', ${value}, true)`.execute(on);
  if (trx) {
    const previous = await sql<{ value: string }>`select current_setting('statement_timeout') as value`.execute(trx);
    await setTimeout(trx, String(timeoutMs));
    const result = await work(trx);
    await setTimeout(trx, previous.rows[0]?.value ?? "0");
    return result;
  }
  return db.transaction().execute(async (own) => {
    await sql`set transaction read only`.execute(own);
    await setTimeout(own, String(timeoutMs));
    return work(own);
  });
}

function translateDatabaseError(error: unknown, plan: AnalyticsQueryPlan, timeoutMs: number): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === QUERY_CANCELED) {
    return new AppError("ANALYTICS_QUERY_TIMEOUT", {
      message: `The query ran longer than ${timeoutMs} ms (analytics.statementTimeoutMs): narrow the date range, or group by fewer dimensions`,
      details: { timeoutMs },
      cause: error,
    });
  }
  if (code === INVALID_PARAMETER_VALUE && /time zone/i.test((error as Error).message)) {
    return new AppError("VALIDATION_FAILED", {
      message: `The database does not know the time zone "${plan.timezone}"`,
      issues: [{ path: "body.timezone", message: "unknown to the database" }],
      cause: error,
    });
  }
  return error;
}

/** Text from the database as a number; an integer past 2^53 is a fault, never a rounded figure. */
function toNumber(text: string, member: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value) && /^-?\d+$/.test(text))) {
    throw new Error(`Analytics value of "${member}" (${text}) does not fit a JavaScript number exactly`);
  }
  return value;
}

function toAnswerRow(plan: AnalyticsQueryPlan, row: Record<string, string | null>): AnalyticsRow {
  const answer: AnalyticsRow = {};
  plan.dimensions.forEach(({ name, type }, index) => {
    const value = row[dimensionKey(index)] ?? null;
    answer[name] =
      value === null ? null : type === "number" ? toNumber(value, name) : type === "boolean" ? value === "true" : value;
  });
  if (plan.time?.granularity) answer[plan.time.name] = row[BUCKET_KEY] ?? null;
  plan.measures.forEach(({ name }, index) => {
    const value = row[measureKey(index)] ?? null;
    answer[name] = value === null ? null : toNumber(value, name);
  });
  return answer;
}
