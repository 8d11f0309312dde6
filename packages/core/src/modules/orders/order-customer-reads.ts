import { sql } from "kysely";
import { pageOffset } from "../../http/pagination.js";
import { AppError } from "../../kernel/app-error.js";
import type { DatabaseAccess } from "../../kernel/contexts.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { isUuid } from "../../db/is-uuid.js";
import type { ListOrdersQuery, OrderSummary } from "./order-listing.js";
import { ORDER_COLUMNS, ORDER_LINE_COLUMNS, ordersScope, toOrder, type Order } from "./orders-context.js";
import { ORDER_NUMBER } from "./orders-schemas.js";

/**
 * Orders as their customer reads them (`/api/me/orders`): only the orders whose `customer_id` is the
 * caller's. Another customer's order, by id or by number, is the same 404 as an order that does not
 * exist, so a customer cannot learn which numbers are taken.
 */
export function createCustomerOrderReads({ database }: { database: DatabaseAccess }) {
  const notFound = () => AppError.notFound("Order");

  return {
    /**
     * One page of a customer's orders, newest first (`orders_organization_customer_created` serves the
     * order and the count), without their lines, and their total.
     */
    async listForCustomer(
      organizationId: string,
      customerId: string,
      query: ListOrdersQuery,
      options?: TxOptions,
    ): Promise<{ items: OrderSummary[]; total: number }> {
      const db = options?.trx ?? database.db;
      let select = ordersScope(db, organizationId).selectFrom("orders").where("customerId", "=", customerId);
      if (query.status) select = select.where("status", "=", query.status);
      // One customer's orders are few: counting them over the index is cheap, unlike a store's.
      const [rows, counted] = await Promise.all([
        select
          .select(ORDER_COLUMNS)
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        select.select(sql<number>`count(*)::int`.as("total")).executeTakeFirstOrThrow(),
      ]);
      const items = rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }));
      return { items, total: counted.total };
    },

    /** A customer's order, with its lines, by UUID or by number (`ORD-2026-000042`); 404 for anything else. */
    async getForCustomer(
      organizationId: string,
      customerId: string,
      idOrNumber: string,
      options?: TxOptions,
    ): Promise<Order> {
      const scope = ordersScope(options?.trx ?? database.db, organizationId);
      let query = scope.selectFrom("orders").select(ORDER_COLUMNS).where("customerId", "=", customerId);
      // A malformed id never reaches SQL, where a bad UUID would fail the statement (and a caller's transaction).
      if (isUuid(idOrNumber)) query = query.where("id", "=", idOrNumber);
      else if (ORDER_NUMBER.test(idOrNumber)) query = query.where("number", "=", idOrNumber);
      else throw notFound();
      const row = await query.executeTakeFirst();
      if (!row) throw notFound();
      const lines = await scope
        .selectFrom("orderLines")
        .select(ORDER_LINE_COLUMNS)
        .where("orderId", "=", row.id)
        .orderBy("position")
        .execute();
      return toOrder(row, lines);
    },
  };
}
