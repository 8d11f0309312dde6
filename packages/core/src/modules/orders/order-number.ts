import { sql, type Transaction } from "kysely";
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
}

/**
 * Writes the order and its lines with the next gapless number of the organization's year in ONE
 * statement: the counter upsert, the order (numbered from it) and the lines as common table expressions
 * (the lines' foreign key is checked at the end of the statement, when the order exists).
 *
 * Why one statement: the counter row is locked from the upsert to the commit, which makes a store's
 * checkouts take turns over that span (`nextGaplessValue`). Taking it together with the order's own
 * writes, after everything that does not need the number, keeps the span to this statement, the
 * `orders.create` event and the commit.
 */
export async function insertNumberedOrder(trx: Transaction<CoreTables>, rows: NumberedOrderRows): Promise<{ number: string; createdAt: Date; updatedAt: Date }> {
  const series: GaplessSeries = { counter: "order_number_counters", prefix: "ORD", organizationId: rows.organizationId, year: rows.year };
  const scope = ordersScope(trx, rows.organizationId);
  const order = scope.insertInto("orders", { ...rows.order, number: gaplessNumberFrom("taken", series) }).returning(["number", "createdAt", "updatedAt"]);
  const lines = scope.insertInto("orderLines", rows.lines);
  const result = await sql<{ number: string; createdAt: Date; updatedAt: Date }>`
    with taken as (${nextGaplessValue(series)}), placed as (${order}), lined as (${lines})
    select number, created_at, updated_at from placed`.execute(trx);
  const placed = result.rows[0];
  if (!placed) throw new Error("The numbered order insert answered no row");
  return placed;
}
