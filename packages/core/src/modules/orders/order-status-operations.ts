import type { z } from "zod";
import type { Actor } from "../../kernel/actor.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import type { EventBus } from "../../kernel/event-bus.js";
import { returnCancelledStock } from "./order-cancellation.js";
import { listOrders, type ListOrdersQuery, type OrderSummary } from "./order-listing.js";
import { readTimeline, type TimelineEntry } from "./order-timeline.js";
import { moveOrderStatus } from "./order-transitions.js";
import type { Order } from "./orders-context.js";
import type { changeOrderStatusInput } from "./orders-schemas.js";
import { requireOrder } from "./require-order.js";

export type ChangeOrderStatusBody = z.output<typeof changeOrderStatusInput>;

interface OrderStatusContext {
  database: DatabaseAccess;
  events: EventBus;
  /** Inventory: cancelling gives the stock back. */
  services: Services;
}

/** Listing orders, moving their status as staff ask, and reading their timeline. */
export function createOrderStatusOperations({ database, events, services }: OrderStatusContext) {
  return {
    list: (organizationId: string, query: ListOrdersQuery): Promise<{ items: OrderSummary[]; total: number }> =>
      listOrders(database.db, organizationId, query),

    /**
     * `PATCH /api/orders/:id/status`: one of the moves the status route may ask for (`moveOrderStatus`;
     * 409 `CONFLICT` otherwise, nothing written). Cancelling gives back the stock of the units not
     * shipped, in the same transaction as the move, so a cancel that fails returns nothing.
     */
    async changeStatus(
      organizationId: string,
      orderId: string,
      body: ChangeOrderStatusBody,
      actor: Actor,
    ): Promise<Order> {
      return database.transaction(async (trx) => {
        await moveOrderStatus(
          { events },
          { organizationId, orderId, to: body.status, actor, reason: body.reason ?? null, byStatusRoute: true },
          { trx },
        );
        const order = await services.orders.get(organizationId, orderId, { trx });
        if (order.status === "cancelled")
          await returnCancelledStock(services, { organizationId, order, actor }, { trx });
        return order;
      });
    },

    async timeline(organizationId: string, orderId: string): Promise<TimelineEntry[]> {
      await requireOrder(database.db, organizationId, orderId);
      return readTimeline(database.db, organizationId, orderId);
    },
  };
}
