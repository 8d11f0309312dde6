import { sql, type RawBuilder, type Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";

/** The counter tables of the store's gapless number series: one row per organization and year. */
export type GaplessCounter = "order_number_counters" | "order_invoice_counters";

export interface GaplessSeries {
  counter: GaplessCounter;
  /** `ORD`, `INV`. */
  prefix: string;
  organizationId: string;
  year: number;
}

/** `ORD-2026-000042`: at least six digits, more once a store passes 999,999 in a year. */
export const formatGaplessNumber = (prefix: string, year: number, value: number): string =>
  `${prefix}-${year}-${String(value).padStart(6, "0")}`;

/**
 * The guarded upsert that takes the series' next value, as a statement answering `last_value`. The
 * counter row stays locked until the transaction ends, so concurrent takers of one store get their
 * values one after the other, and a rollback gives its value back with the counter: no value is
 * skipped. The price is that takers of one store serialize from here to their commit, so callers take
 * the number in the last statement they can (see `insertNumberedOrder`).
 */
export function nextGaplessValue({ counter, organizationId, year }: GaplessSeries): RawBuilder<{ lastValue: number }> {
  const table = sql.table(counter);
  return sql<{ lastValue: number }>`
    insert into ${table} (organization_id, year, last_value) values (${organizationId}, ${year}, 1)
    on conflict (organization_id, year) do update set last_value = ${sql.ref(`${counter}.last_value`)} + 1
    returning last_value`;
}

/** `formatGaplessNumber` in SQL, over the `last_value` of the common table expression `source`. */
export const gaplessNumberFrom = (source: string, { prefix, year }: GaplessSeries): RawBuilder<string> =>
  sql<string>`(select ${`${prefix}-${year}-`}::text || lpad(last_value::text, greatest(6, length(last_value::text)), '0') from ${sql.table(source)})`;

/** Takes the next number of the series on its own statement; see `nextGaplessValue`. */
export async function takeGaplessNumber(trx: Transaction<CoreTables>, series: GaplessSeries): Promise<string> {
  const row = (await nextGaplessValue(series).execute(trx)).rows[0];
  if (!row) throw new Error(`The counter ${series.counter} answered no row`);
  return formatGaplessNumber(series.prefix, series.year, row.lastValue);
}
