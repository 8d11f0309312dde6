import type { Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { formatGaplessNumber, takeGaplessNumber } from "./gapless-number.js";

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
export const formatOrderNumber = (year: number, value: number): string => formatGaplessNumber("ORD", year, value);

/** The next order number of the organization's year; gapless, see `takeGaplessNumber`. */
export const allocateOrderNumber = (trx: Transaction<CoreTables>, organizationId: string, year: number): Promise<string> =>
  takeGaplessNumber(trx, { counter: "order_number_counters", prefix: "ORD", organizationId, year });
