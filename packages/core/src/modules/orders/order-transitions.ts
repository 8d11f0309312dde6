import type { Transaction } from "kysely";
import { sql } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import type { EventBus } from "../../kernel/event-bus.js";
import { isUuid } from "../../db/is-uuid.js";
import { appendTimeline } from "./order-timeline.js";
import { ordersScope, type OrderStatus } from "./orders-context.js";
import { ordersErrorReasons } from "./orders-errors.js";

/** One allowed move of an order's status (the spec's "Order status" table). */
export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  /**
   * Whether `PATCH /api/orders/:id/status` may ask for it. The one move it may not is
   * `partially_fulfilled -> fulfilled`, which only the fulfillment shipping the last units makes.
   */
  byStatusRoute: boolean;
}

const move = (from: OrderStatus, to: OrderStatus, byStatusRoute = true): OrderTransition => ({
  from,
  to,
  byStatusRoute,
});

/**
 * Every move an order may make; any other answers 409 `CONFLICT` (`ORDER_TRANSITION_NOT_ALLOWED`) and
 * leaves the status as it was.
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  move("pending", "confirmed"),
  move("confirmed", "processing"),
  move("processing", "partially_fulfilled"),
  move("processing", "fulfilled"),
  move("partially_fulfilled", "fulfilled", false),
  move("partially_fulfilled", "refunded"),
  move("fulfilled", "refunded"),
  move("pending", "cancelled"),
  move("confirmed", "cancelled"),
  move("processing", "cancelled"),
  move("partially_fulfilled", "cancelled"),
];

/** Whether an order may move from `from` to `to`; `byStatusRoute` keeps only the moves the status route may ask for. */
export function canMoveOrder(from: OrderStatus, to: OrderStatus, { byStatusRoute = false } = {}): boolean {
  return ORDER_TRANSITIONS.some(
    (transition) => transition.from === from && transition.to === to && (!byStatusRoute || transition.byStatusRoute),
  );
}

export interface MoveOrderStatusInput {
  organizationId: string;
  orderId: string;
  to: OrderStatus;
  /** Who moves it: named by `orders.statusChange` (and so the audit entry) and the timeline entry. */
  actor: Actor | null;
  reason: string | null;
  /** Set by the status route: then only the moves it may ask for are allowed. */
  byStatusRoute?: boolean;
}

export interface OrderStatusMove {
  orderId: string;
  number: string;
  from: OrderStatus;
  to: OrderStatus;
}

const statusLabel = (status: OrderStatus) => status.replaceAll("_", " ");

/**
 * Moves an order's status inside `trx` with one guarded `UPDATE ... WHERE status = :from`, then emits
 * `orders.statusChange` (the audit subscriber writes its entry) and appends the timeline entry, all in
 * that transaction. A move the table does not list, or one that lost a race to another move of the same
 * order (the guard then matches no row: PostgreSQL re-reads the row the winner committed), answers 409
 * `CONFLICT` with the status unchanged; an unknown order, or another organization's, is a 404.
 */
export async function moveOrderStatus(
  context: { events: EventBus },
  input: MoveOrderStatusInput,
  { trx }: { trx: Transaction<CoreTables> },
): Promise<OrderStatusMove> {
  const { organizationId, orderId, to, actor, reason } = input;
  // Checked before any SQL: a malformed uuid would fail the statement and with it the caller's transaction.
  if (!isUuid(orderId)) throw AppError.notFound("Order");
  const scope = ordersScope(trx, organizationId);
  const current = await scope
    .selectFrom("orders")
    .select(["status", "number"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!current) throw AppError.notFound("Order");
  const from = current.status;
  const refused = () =>
    ordersErrorReasons.error("ORDER_TRANSITION_NOT_ALLOWED", {
      message: `An order that is ${statusLabel(from)} cannot move to ${statusLabel(to)}`,
      details: { from, to },
    });
  if (!canMoveOrder(from, to, { byStatusRoute: input.byStatusRoute ?? false })) throw refused();
  const moved = await scope
    .updateTable("orders")
    .set({ status: to, updatedAt: sql`now()` })
    .where("id", "=", orderId)
    .where("status", "=", from)
    .returning("id")
    .executeTakeFirst();
  if (!moved) throw ordersErrorReasons.error("ORDER_STATUS_CHANGED", { details: { from, to } });
  const change = { orderId, number: current.number, from, to, reason };
  await context.events.emit(
    { organizationId, type: "orders.statusChange", entityType: "order", entityId: orderId, payload: change, actor },
    { trx },
  );
  await appendTimeline(trx, {
    organizationId,
    orderId,
    type: "status",
    actor,
    summary: `Status changed from ${statusLabel(from)} to ${statusLabel(to)}`,
    data: { from, to, reason },
  });
  return { orderId, number: current.number, from, to };
}
