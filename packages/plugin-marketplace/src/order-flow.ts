import type { Transaction } from "kysely";
import { z } from "zod";
import type { CoreTables, DomainEvent, EventSubscriber } from "@unified-commerce/plugin-sdk";
import { commissionRefundedFor } from "./commission-calculation.js";
import { appendEntries, settleOrder, type NewLedgerEntry } from "./ledger.js";
import { marketplaceDb, marketplaceScope, type MarketplaceContext } from "./marketplace-context.js";
import { createdOrderPayload, PAID_ORDER_STATUSES, splitOrder } from "./sub-order-split.js";

const statusChangePayload = z.object({ orderId: z.string(), from: z.string(), to: z.string() });
const refundPayload = z.object({
  orderId: z.string(),
  refund: z.object({
    id: z.string(),
    currency: z.string(),
    lines: z.array(z.object({ lineItemId: z.string(), quantity: z.number().int(), amount: z.number().int() })),
  }),
});

/** An event's actor, as far as the plugin's own events need it (the audit log names the accountable one). */
const actorOf = (event: DomainEvent) =>
  event.actorId && event.actorType
    ? { id: event.actorId, type: event.actorType, organizationId: event.organizationId, permissions: [] }
    : null;

/**
 * Moves a refund (sign 1) or its undo (sign −1) into the vendors' ledgers: each refunded line of a
 * settled sub-order writes `refund` (−amount) and gives back the commission in proportion (`commission`,
 * +share). The lines are locked, so concurrent refunds of one line add up rather than overwrite.
 */
async function flowRefund(
  trx: Transaction<CoreTables>,
  organizationId: string,
  payload: z.output<typeof refundPayload>,
  sign: 1 | -1,
): Promise<void> {
  const { refund } = payload;
  const entries: NewLedgerEntry[] = [];
  for (const refunded of refund.lines) {
    const line = await marketplaceDb(trx)
      .selectFrom("marketplaceSubOrderLines as line")
      .innerJoin("marketplaceSubOrders as sub", "sub.id", "line.subOrderId")
      .select([
        "line.id",
        "line.total",
        "line.commission",
        "line.refundedAmount",
        "line.refundedCommission",
        "sub.id as subOrderId",
        "sub.vendorId",
        "sub.isSettled",
      ])
      .where("line.organizationId", "=", organizationId)
      .where("line.orderLineId", "=", refunded.lineItemId)
      // The line only: a vendor cancelling the sub-order holds the sub-order's row while it refunds, so
      // locking that row here too could cross with it.
      .forUpdate("line")
      .executeTakeFirst();
    if (!line) continue;
    const refundedAmount = Number(line.refundedAmount) + sign * refunded.amount;
    const refundedCommission = commissionRefundedFor(
      { total: Number(line.total), commission: Number(line.commission) },
      refundedAmount,
    );
    const commissionBack = refundedCommission - Number(line.refundedCommission);
    await marketplaceScope(trx, organizationId)
      .updateTable("marketplaceSubOrderLines")
      .set((eb) => ({
        refundedQuantity: eb("refundedQuantity", "+", sign * refunded.quantity),
        refundedAmount,
        refundedCommission,
      }))
      .where("id", "=", line.id)
      .execute();
    // Before settlement no money of the line was in the ledger, so there is none to take back.
    if (!line.isSettled) continue;
    const note = sign === 1 ? null : "refund undone";
    entries.push(
      {
        vendorId: line.vendorId,
        kind: "refund",
        amount: -sign * refunded.amount,
        currency: refund.currency,
        subOrderId: line.subOrderId,
        refundId: refund.id,
        note,
      },
      {
        vendorId: line.vendorId,
        kind: "commission",
        amount: commissionBack,
        currency: refund.currency,
        subOrderId: line.subOrderId,
        refundId: refund.id,
        note,
      },
    );
  }
  await appendEntries(trx, organizationId, entries);
}

/**
 * The plugin's reactions to orders' events, each run inside the transaction that emitted it: an order
 * is split as it is created, settled into the ledger once paid, its sub-orders cancelled with it, and
 * its refunds (and their undos) flow into the vendors' ledgers. Nothing here can be half done.
 */
export function createOrderFlow(context: Pick<MarketplaceContext, "events" | "services">) {
  return {
    onOrderCreate: (event: DomainEvent, trx: Transaction<CoreTables>) =>
      splitOrder(context, trx, {
        organizationId: event.organizationId,
        actor: actorOf(event),
        order: createdOrderPayload.parse(event.payload).order,
      }),

    async onOrderStatusChange(event: DomainEvent, trx: Transaction<CoreTables>): Promise<void> {
      const { orderId, to } = statusChangePayload.parse(event.payload);
      if (PAID_ORDER_STATUSES.has(to)) await settleOrder(trx, event.organizationId, orderId);
      if (to === "cancelled") await cancelWithOrder(context, trx, event, orderId);
    },

    onRefund: (event: DomainEvent, trx: Transaction<CoreTables>) =>
      flowRefund(trx, event.organizationId, refundPayload.parse(event.payload), 1),
    onRefundUndo: (event: DomainEvent, trx: Transaction<CoreTables>) =>
      flowRefund(trx, event.organizationId, refundPayload.parse(event.payload), -1),
  };
}

/**
 * An order cancelled: its sub-orders not yet shipped are cancelled with it (guarded by their status),
 * and a settled one's net sale leaves the ledger as an `adjustment` (what refunds did not already take).
 */
async function cancelWithOrder(
  context: Pick<MarketplaceContext, "events">,
  trx: Transaction<CoreTables>,
  event: DomainEvent,
  orderId: string,
): Promise<void> {
  const { organizationId } = event;
  const now = new Date();
  const scope = marketplaceScope(trx, organizationId);
  // Locked first, to name each one's previous status in its event; the update is guarded all the same.
  const open = await scope
    .selectFrom("marketplaceSubOrders")
    .select(["id", "status"])
    .where("orderId", "=", orderId)
    .where("status", "in", ["pending", "confirmed"])
    .forUpdate()
    .execute();
  if (open.length === 0) return;
  const previous = new Map(open.map((sub) => [sub.id, sub.status]));
  const cancelled = await scope
    .updateTable("marketplaceSubOrders")
    .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
    .where("id", "in", [...previous.keys()])
    .where("status", "in", ["pending", "confirmed"])
    .returning(["id", "vendorId", "currency", "total", "commissionTotal", "isSettled"])
    .execute();
  const entries: NewLedgerEntry[] = [];
  for (const sub of cancelled) {
    if (sub.isSettled) {
      const refunded = await marketplaceScope(trx, organizationId)
        .selectFrom("marketplaceSubOrderLines")
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>("refundedAmount"), eb.lit(0)).as("amount"),
          eb.fn.coalesce(eb.fn.sum<number>("refundedCommission"), eb.lit(0)).as("commission"),
        ])
        .where("subOrderId", "=", sub.id)
        .executeTakeFirstOrThrow();
      const net =
        Number(sub.total) - Number(refunded.amount) - (Number(sub.commissionTotal) - Number(refunded.commission));
      entries.push({
        vendorId: sub.vendorId,
        kind: "adjustment",
        amount: -net,
        currency: sub.currency,
        subOrderId: sub.id,
        note: "order cancelled",
      });
    }
    await context.events.emit(
      {
        organizationId,
        type: "marketplace.subOrderStatusChange",
        entityType: "subOrder",
        entityId: sub.id,
        payload: {
          vendorId: sub.vendorId,
          subOrderId: sub.id,
          orderId,
          from: previous.get(sub.id) ?? "pending",
          to: "cancelled",
          trackingNumber: null,
        },
        actor: actorOf(event),
      },
      { trx },
    );
  }
  await appendEntries(trx, organizationId, entries);
}

/** The subscriptions the manifest lists; each calls the service so it runs with the plugin's context. */
export const orderFlowSubscribers: readonly EventSubscriber[] = [
  {
    event: "orders.create",
    handler: (event, { trx, services }) => services.marketplace.orderFlow.onOrderCreate(event, trx),
  },
  {
    event: "orders.statusChange",
    handler: (event, { trx, services }) => services.marketplace.orderFlow.onOrderStatusChange(event, trx),
  },
  {
    event: "orders.refund",
    handler: (event, { trx, services }) => services.marketplace.orderFlow.onRefund(event, trx),
  },
  {
    event: "orders.refundUndo",
    handler: (event, { trx, services }) => services.marketplace.orderFlow.onRefundUndo(event, trx),
  },
];
