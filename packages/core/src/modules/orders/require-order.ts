import type { Kysely, Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { AppError } from "../../kernel/app-error.js";
import { isUuid } from "../../db/is-uuid.js";
import { ordersScope } from "./orders-context.js";

/**
 * Checks that `orderId` names an order of the organization: 404 otherwise, another organization's order
 * included. A malformed id is refused before any SQL, which would fail the statement and its transaction.
 */
export async function requireOrder(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
  orderId: string,
): Promise<{ id: string; number: string }> {
  if (!isUuid(orderId)) throw AppError.notFound("Order");
  const order = await ordersScope(db, organizationId)
    .selectFrom("orders")
    .select(["id", "number"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order) throw AppError.notFound("Order");
  return order;
}
