import { sql, type Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { AppError } from "../../kernel/app-error.js";
import { aftersaleScope } from "./order-aftersale-tables.js";

/**
 * Takes a refund's share of the order's shipping, in the refund's transaction, by one guarded update
 * (`shipping_refunded + amount <= shipping_total`; a check constraint backs it), so no interleaving of
 * refunds gives back more shipping than was charged. `true` takes all that is left. The caller holds the
 * order's row lock (`FOR NO KEY UPDATE`), taken before the lines', so refunds of one order never deadlock.
 * Answers the amount taken (0 when none was asked); a 422 on `body.shipping` when nothing or too little is left.
 */
export async function takeRefundShipping(
  trx: Transaction<CoreTables>,
  scope: { organizationId: string; orderId: string },
  requested: true | number | undefined,
): Promise<number> {
  if (requested === undefined) return 0;
  const orders = aftersaleScope(trx, scope.organizationId);
  const order = await orders
    .selectFrom("orders")
    .select(["shippingTotal", "shippingRefunded"])
    .where("id", "=", scope.orderId)
    .executeTakeFirstOrThrow();
  const left = Number(order.shippingTotal) - Number(order.shippingRefunded);
  const amount = requested === true ? left : requested;
  if (amount <= 0 || amount > left) {
    const message =
      left === 0 ? "the order has no shipping left to refund" : `at most ${left} of the shipping can still be refunded`;
    throw AppError.validation([{ path: "body.shipping", message }]);
  }
  await orders
    .updateTable("orders")
    .set({ shippingRefunded: sql`shipping_refunded + ${amount}` })
    .where("id", "=", scope.orderId)
    .where(sql<boolean>`shipping_refunded + ${amount} <= shipping_total`)
    .returning("id")
    .executeTakeFirstOrThrow();
  return amount;
}

/**
 * Gives an undone refund's shipping back to the order (in the undo's transaction). Called before the lines
 * are given back, so an undo takes the order's row before the lines' rows, in the order refunds do.
 */
export async function giveBackRefundShipping(
  trx: Transaction<CoreTables>,
  scope: { organizationId: string; orderId: string },
  amount: number,
): Promise<void> {
  if (amount === 0) return;
  await aftersaleScope(trx, scope.organizationId)
    .updateTable("orders")
    .set({ shippingRefunded: sql`shipping_refunded - ${amount}` })
    .where("id", "=", scope.orderId)
    .execute();
}
