import type { Kysely } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { listPage } from "../../db/list-page.js";
import { countOrders } from "./order-counts.js";
import { ORDER_COLUMNS, ordersScope } from "./orders-context.js";
import type { listOrdersQuery, orderSummarySchema } from "./orders-schemas.js";

export type OrderSummary = z.output<typeof orderSummarySchema>;
export type ListOrdersQuery = z.output<typeof listOrdersQuery>;

/** One page of the organization's orders, newest first (`orders_organization_created` serves the order), and their total. */
export async function listOrders(
  db: Kysely<CoreTables>,
  organizationId: string,
  query: ListOrdersQuery,
): Promise<{ items: OrderSummary[]; total: number }> {
  let select = ordersScope(db, organizationId).selectFrom("orders");
  if (query.status) select = select.where("status", "=", query.status);
  // The total comes from the per-status counts (`countOrders`): counting the rows would cost more than
  // the page itself once a store has many orders.
  const filtered = select;
  const { rows, total } = await listPage(query, {
    rows: ({ limit, offset }) =>
      filtered
        .select(ORDER_COLUMNS)
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
    maintainedTotal: () => countOrders(db, organizationId, query.status),
    countAll: () => countOrders(db, organizationId, query.status),
  });
  const items = rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
  return { items, total };
}
