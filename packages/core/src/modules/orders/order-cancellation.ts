import type { Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import type { Actor } from "../../kernel/actor.js";
import type { Services } from "../../kernel/contexts.js";
import { catalogErrorReasons } from "../catalog/index.js";
import { inventoryErrorReasons } from "../inventory/index.js";
import type { Order } from "./orders-context.js";

/**
 * Gives a cancelled order's stock back, in the cancel's transaction. Checkout reserves each line under
 * `cart:<cartId>` and converts the reservation at once (a `sale` adjustment), so the stock is normally
 * sold already: each line's units not yet shipped (`quantity - fulfilledQuantity`) go back to the
 * warehouse they were taken from as a `return` adjustment (which emits `inventory.afterAdjust`). A
 * reservation still active (made by another flow and never converted) is released instead.
 */
export async function returnCancelledStock(
  services: Services,
  input: { organizationId: string; order: Order; actor: Actor | null },
  { trx }: { trx: Transaction<CoreTables> },
): Promise<void> {
  const { organizationId, order, actor } = input;
  const reservations = await services.inventory.listByReference(organizationId, `cart:${order.cartId}`, { trx });
  for (const line of order.lines) {
    let unshipped = line.quantity - line.fulfilledQuantity;
    const ofLine = reservations.filter(
      (reservation) => reservation.entityId === line.entityId && reservation.variantId === line.variantId,
    );
    for (const reservation of ofLine) {
      if (reservation.status === "active") {
        await services.inventory.release(organizationId, reservation.id, actor, { trx });
        continue;
      }
      if (reservation.status !== "converted" || unshipped === 0) continue;
      const quantity = Math.min(unshipped, reservation.quantity);
      unshipped -= quantity;
      try {
        await services.inventory.adjust(
          organizationId,
          {
            entityId: line.entityId,
            variantId: line.variantId,
            warehouseId: reservation.warehouseId,
            type: "return",
            quantity,
            note: `order ${order.number} cancelled`,
          },
          actor,
          { trx },
        );
      } catch (error) {
        // A product or warehouse deleted since the sale has no stock row left to return to; the
        // cancel still stands (the check is a read that fails before any write, so `trx` is intact).
        if (inventoryErrorReasons.reasonOf(error) === "WAREHOUSE_NOT_FOUND") continue;
        if (catalogErrorReasons.reasonOf(error) === "SALE_TARGET_NOT_FOUND") continue;
        throw error;
      }
    }
  }
}
