import { sql, type OperationNodeSource, type RawBuilder, type Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import type { TenantInsert } from "../../db/tenant-scope.js";
import { formatGaplessNumber, gaplessNumberFrom, nextGaplessValue, type GaplessSeries } from "./gapless-number.js";
import { ordersScope } from "./orders-context.js";
import type { OrdersDb } from "./orders-tables.js";

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

export interface NumberedOrderRows {
  organizationId: string;
  /** The store's year the number carries. */
  year: number;
  order: Omit<TenantInsert<OrdersDb, "orders">, "number">;
  lines: readonly TenantInsert<OrdersDb, "orderLines">[];
  /** A row that carries the number, written by the same statement: the `orders.create` event's (`emitWithin`). */
  alsoInsert?: (number: RawBuilder<string>) => OperationNodeSource;
}

/**
 * Writes the order and its lines with the next gapless number of the organization's year in ONE
 * statement: the counter upsert, the order (numbered from it), the lines and `alsoInsert` as common table
 * expressions (the lines' foreign key is checked at the end of the statement, when the order exists).
 * Answers the number.
 *
 * Why one statement: the counter row is locked from the upsert to the commit, which makes a store's
 * checkouts take turns over that span (`nextGaplessValue`). Taking it together with the order's own
 * writes and its event, after everything that does not need the number, leaves the commit alone in that
 * span. One more round trip in it (the event's own insert, as it was before `alsoInsert`) cost the
 * checkout bench much of its rate and p99 (see bench/results/checkout.md).
 */
export async function insertNumberedOrder(trx: Transaction<CoreTables>, rows: NumberedOrderRows): Promise<string> {
  const series: GaplessSeries = {
    counter: "order_number_counters",
    prefix: "ORD",
    organizationId: rows.organizationId,
    year: rows.year,
  };
  const scope = ordersScope(trx, rows.organizationId);
  const number = gaplessNumberFrom("taken", series);
  const order = scope.insertInto("orders", { ...rows.order, number }).returning("number");
  const lines = scope.insertInto("orderLines", rows.lines);
  const also = rows.alsoInsert ? sql`, also as (${rows.alsoInsert(number)})` : sql``;
  const result = await sql<{ number: string }>`
    with taken as (${nextGaplessValue(series)}), placed as (${order}), lined as (${lines})${also}
    select number from placed`.execute(trx);
  const placed = result.rows[0];
  if (!placed) throw new Error("The numbered order insert answered no row");
  return placed.number;
}
