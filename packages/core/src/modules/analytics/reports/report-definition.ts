import type { Transaction } from "kysely";
import type { CoreTables } from "../../../db/core-tables.js";
import type { ReportPeriod } from "./report-dates.js";
import type { ReportCell, ReportColumn, ReportName, ReportParameterName } from "./report-schemas.js";

/** What a report's query receives: the organization, its period in the store's time zone, its parameters. */
export interface ReportInput {
  organizationId: string;
  period: ReportPeriod;
  /** Only the report's own day counts (`lookbackDays`...), defaults applied. */
  days: Record<string, number>;
  /** The database's clock at the start of the report (stock "now" vs "as of"). */
  now: Date;
}

/**
 * One built-in report: its description (`GET /analytics/reports`) and its hand-written query, run in a
 * read-only transaction with a statement timeout (`runReport`).
 */
export interface ReportDefinition {
  name: ReportName;
  title: string;
  description: string;
  /** `day`: one store day (`date`); `range`: `from`..`to`. */
  period: "day" | "range";
  /** Day-count parameters besides the period, with their defaults. */
  dayParameters?: Partial<
    Record<Exclude<ReportParameterName, "date" | "from" | "to">, { default: number; description: string }>
  >;
  columns: readonly ReportColumn[];
  rows(trx: Transaction<CoreTables>, input: ReportInput): Promise<Record<string, ReportCell>[]>;
}

/** A column of a report (the builder only saves repeating the key names). */
export const column = (name: string, type: ReportColumn["type"], description: string): ReportColumn => ({
  name,
  type,
  description,
});
