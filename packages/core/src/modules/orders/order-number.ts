import { sql, type Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";

const yearFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar year of `now` in `timeZone` (an IANA name; the settings module validated it). */
export function yearIn(now: Date, timeZone: string): number {
  let format = yearFormats.get(timeZone);
  if (!format) {
    // Building a formatter costs far more than using one; stores use one zone each.
    format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric" });
    yearFormats.set(timeZone, format);
  }
  return Number(format.format(now));
}

/** `ORD-2026-000042`: at least six digits, more once a store passes 999,999 orders in a year. */
export const formatOrderNumber = (year: number, value: number): string => `ORD-${year}-${String(value).padStart(6, "0")}`;

/**
 * Takes the next number of the organization's year in one guarded upsert on its counter row. The row
 * stays locked until `trx` ends, so concurrent checkouts of one store take their numbers one after the
 * other, and a rollback gives its number back with the counter: numbers are gapless. The price is that
 * order creations of one store serialize from here to their commit, so callers allocate last.
 */
export async function allocateOrderNumber(trx: Transaction<CoreTables>, organizationId: string, year: number): Promise<string> {
  const result = await sql<{ lastValue: number }>`
    insert into order_number_counters (organization_id, year, last_value) values (${organizationId}, ${year}, 1)
    on conflict (organization_id, year) do update set last_value = order_number_counters.last_value + 1
    returning last_value`.execute(trx);
  const row = result.rows[0];
  if (!row) throw new Error("The order number counter answered no row");
  return formatOrderNumber(year, row.lastValue);
}
