import { sql, type Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";

/** The counter tables of the store's gapless number series: one row per organization and year. */
export type GaplessCounter = "order_number_counters" | "order_invoice_counters";

/** `ORD-2026-000042`: at least six digits, more once a store passes 999,999 in a year. */
export const formatGaplessNumber = (prefix: string, year: number, value: number): string => `${prefix}-${year}-${String(value).padStart(6, "0")}`;

/**
 * Takes the next value of the organization's year in one guarded upsert on its counter row. The row
 * stays locked until `trx` ends, so concurrent takers of one store get their values one after the
 * other, and a rollback gives its value back with the counter: no value is skipped. The price is that
 * takers of one store serialize from here to their commit, so callers take the number last.
 */
export async function takeGaplessNumber(trx: Transaction<CoreTables>, input: { counter: GaplessCounter; prefix: string; organizationId: string; year: number }): Promise<string> {
  const { counter, prefix, organizationId, year } = input;
  const table = sql.table(counter);
  const result = await sql<{ lastValue: number }>`
    insert into ${table} (organization_id, year, last_value) values (${organizationId}, ${year}, 1)
    on conflict (organization_id, year) do update set last_value = ${sql.ref(`${counter}.last_value`)} + 1
    returning last_value`.execute(trx);
  const row = result.rows[0];
  if (!row) throw new Error(`The counter ${counter} answered no row`);
  return formatGaplessNumber(prefix, year, row.lastValue);
}
