import { sql } from "kysely";
import { AppError } from "../../../kernel/app-error.js";
import type { DatabaseAccess, Services } from "../../../kernel/contexts.js";
import { addDays, dayOf, daysBetween, monthStart, periodOf } from "./report-dates.js";
import type { ReportDefinition } from "./report-definition.js";
import { findReport } from "./report-registry.js";
import { MAX_REPORT_DAYS, type ReportQuery, type ReportResult } from "./report-schemas.js";

export interface RunReportContext {
  database: Pick<DatabaseAccess, "transaction">;
  /** Settings: the store's time zone. */
  services: Pick<Services, "settings">;
  statementTimeoutMs: number;
}

const QUERY_CANCELED = "57014";

const refuse = (parameter: string, message: string) => AppError.validation([{ path: `query.${parameter}`, message }]);

/** The parameters a report takes, defaults applied; one it does not take is a 422. */
function resolveParameters(report: ReportDefinition, query: ReportQuery, today: string) {
  const dayParameters = report.dayParameters ?? {};
  for (const name of Object.keys(query) as (keyof ReportQuery)[]) {
    const isPeriod = report.period === "day" ? name === "date" : name === "from" || name === "to";
    if (!isPeriod && !(name in dayParameters)) {
      throw refuse(
        name,
        `${report.name} takes ${[report.period === "day" ? "date" : "from, to", ...Object.keys(dayParameters)].join(", ")}`,
      );
    }
  }
  const days = Object.fromEntries(
    Object.entries(dayParameters).map(([name, parameter]) => [
      name,
      query[name as keyof typeof dayParameters] ?? parameter.default,
    ]),
  );
  if (report.period === "day") {
    const date = query.date ?? today;
    // A day report reading sales over several days (reorder-needed) reads the lookback ending on `date`.
    const from = days.lookbackDays === undefined ? date : addDays(date, 1 - days.lookbackDays);
    return { from, to: date, days, shown: { date, ...days } };
  }
  const to = query.to ?? today;
  const from = query.from ?? monthStart(to);
  if (from > to) throw refuse("from", `from must be on or before to (${to})`);
  if (daysBetween(from, to) > MAX_REPORT_DAYS) throw refuse("from", `a report covers at most ${MAX_REPORT_DAYS} days`);
  return { from, to, days, shown: { from, to, ...days } };
}

/**
 * Runs a built-in report for one organization: in a read-only transaction whose statements PostgreSQL
 * cancels after `statementTimeoutMs` (503 ANALYTICS_QUERY_TIMEOUT), days counted in the store's time
 * zone. An unknown report is a 404.
 */
export async function runReport(
  context: RunReportContext,
  input: { organizationId: string; name: string; query: ReportQuery },
): Promise<ReportResult> {
  const report = findReport(input.name);
  if (!report) throw AppError.notFound("Report");
  const { organizationId } = input;
  const { timezone = "UTC" } = await context.services.settings.get(organizationId, "general");
  const now = new Date();
  const { from, to, days, shown } = resolveParameters(report, input.query, dayOf(now, timezone));
  const period = periodOf(from, to, timezone);
  try {
    const rows = await context.database.transaction(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      // SET takes no bound parameters; the timeout is an integer checked at boot (resolveAnalyticsConfig).
      await sql.raw(`set local statement_timeout = ${Math.trunc(context.statementTimeoutMs)}`).execute(trx);
      // A year's report is estimated past jit_above_cost, yet runs in tens of milliseconds once its plan
      // walks the analytics indexes: compiling it would cost more than it saves (see
      // bench/results/analytics.md).
      await sql`set local jit = off`.execute(trx);
      return report.rows(trx, { organizationId, period, days, now });
    });
    return { name: report.name, timezone, from, to, parameters: shown, columns: [...report.columns], rows };
  } catch (error) {
    if ((error as { code?: unknown }).code === QUERY_CANCELED)
      throw new AppError("ANALYTICS_QUERY_TIMEOUT", { cause: error });
    throw error;
  }
}
