import { randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { z } from "zod";
import { accountableActor, type Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import type { EventBus } from "../../kernel/event-bus.js";
import type { HookRunner } from "../../kernel/hook-runner.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import { isUuid } from "../../db/is-uuid.js";
import { divideRounded } from "../../money/money-rounding.js";
import { PAY_REFUND_TASK } from "./order-refund-payout.js";
import { giveBackRefundShipping, takeRefundShipping } from "./order-refund-shipping.js";
import { appendTimeline } from "./order-timeline.js";
import { dayIn, giveBackRefundCap, readRefundCap, takeRefundCap, type RefundCapStatus } from "./order-refund-cap.js";
import type { createRefundInput, refundSchema } from "./order-refund-schemas.js";
import { aftersaleScope, type OrderAftersaleTables } from "./order-aftersale-tables.js";
import type { OrderStatus } from "./orders-context.js";
import { ordersErrorReasons } from "./orders-errors.js";
import { refuseRepeatedLines } from "./refuse-repeated-lines.js";

/** A refund as the API answers it. */
export type Refund = z.output<typeof refundSchema>;
export type CreateRefundBody = z.output<typeof createRefundInput>;

/** Statuses whose order was paid and not cancelled: the ones that can be refunded. */
const REFUNDABLE_STATUSES: ReadonlySet<OrderStatus> = new Set([
  "confirmed",
  "processing",
  "partially_fulfilled",
  "fulfilled",
  "refunded",
]);

const REFUND_COLUMNS = [
  "id",
  "orderId",
  "status",
  "amount",
  "shippingAmount",
  "currency",
  "reason",
  "actorId",
  "credentialId",
  "capDay",
  "createdAt",
  "undoUntil",
  "undoneAt",
  "paidOutAt",
  "providerReference",
  "payoutAttempts",
  "payoutError",
] as const;

type RefundRow = Pick<Selectable<OrderAftersaleTables["orderRefunds"]>, (typeof REFUND_COLUMNS)[number]>;
type RefundLineRow = Pick<
  Selectable<OrderAftersaleTables["orderRefundLines"]>,
  "refundId" | "lineItemId" | "quantity" | "amount"
>;

const toRefund = (row: RefundRow, lines: readonly RefundLineRow[]): Refund => ({
  ...row,
  lines: lines
    .filter((line) => line.refundId === row.id)
    .map(({ lineItemId, quantity, amount }) => ({ lineItemId, quantity, amount })),
  createdAt: row.createdAt.toISOString(),
  undoUntil: row.undoUntil.toISOString(),
  undoneAt: row.undoneAt?.toISOString() ?? null,
  paidOutAt: row.paidOutAt?.toISOString() ?? null,
});

/**
 * The share of a line's `total` that its first `units` units carry: pro rata by quantity, rounded half
 * away from zero. A refund takes the difference between the share of the units refunded after it and
 * what the line's live refunds already took, so refunding every unit refunds exactly the line's total.
 */
const shareOf = (total: number, quantity: number, units: number): number =>
  divideRounded(BigInt(total) * BigInt(units), quantity);

/** The operator as the timeline, the refund row and the cap name them: the user behind a user-bound key. */
const actorOf = accountableActor;

/** The API key a refund is made with (its actor's id), so a refund in a user's name still names the credential. */
const credentialOf = (actor: Actor): string | null => (actor.type === "apiKey" ? actor.id : null);

/** What `refund` takes: the route's body, and for callers in code whether the refund may be undone. */
export type RefundInput = { organizationId: string; orderId: string; actor: Actor } & CreateRefundBody & {
    /**
     * False for a refund that is one step of something larger (a point-of-sale exchange: units back on the
     * shelf, a replacement handed over): it gets no undo window (an undo answers 409) and its payout job is
     * due at once. Not part of the route's body. @default true
     */
    isUndoable?: boolean;
  };

export interface RefundsContext {
  database: DatabaseAccess;
  events: EventBus;
  /** Runs `orders.beforeRefund`. */
  hooks: HookRunner;
  /** Settings (the cap, the undo window, the store's time zone), jobs (the payout) and payments (the provider). */
  services: Services;
}

export function createOrderRefunds({ database, events, hooks, services }: RefundsContext) {
  const notFound = () => AppError.notFound("Order");

  /** The cap and the store's day, read in the refund's transaction. */
  async function capContext(organizationId: string, options: TxOptions) {
    const [{ refundDailyCap, refundUndoWindowMinutes }, { timezone }] = await Promise.all([
      services.settings.policies(organizationId, options),
      services.settings.get(organizationId, "general", options),
    ]);
    const zone = timezone ?? "UTC";
    return {
      cap: refundDailyCap,
      windowMinutes: refundUndoWindowMinutes,
      timezone: zone,
      day: dayIn(new Date(), zone),
    };
  }

  async function readRefunds(
    db: DatabaseAccess["db"],
    organizationId: string,
    filter: { orderId: string; refundId?: string },
  ): Promise<Refund[]> {
    const scope = aftersaleScope(db, organizationId);
    let query = scope.selectFrom("orderRefunds").select(REFUND_COLUMNS).where("orderId", "=", filter.orderId);
    if (filter.refundId) query = query.where("id", "=", filter.refundId);
    const rows = await query.orderBy("createdAt", "desc").orderBy("id", "desc").execute();
    if (rows.length === 0) return [];
    const lines = await scope
      .selectFrom("orderRefundLines")
      .select(["refundId", "lineItemId", "quantity", "amount"])
      .where(
        "refundId",
        "in",
        rows.map((row) => row.id),
      )
      .orderBy("lineItemId")
      .execute();
    return rows.map((row) => toRefund(row, lines));
  }

  return {
    /**
     * Refunds units of an order's lines for `actor`, in one transaction: each line's refunded quantity
     * moves by one guarded `UPDATE ... WHERE refunded_quantity + q <= quantity` (rule 1: a 422 beyond it,
     * so 20 concurrent refunds of one unit on a line of 5 make exactly 5), the amount is computed here
     * from the lines' totals, the operator's day takes it under `policies.refundDailyCap` (rule 2: 403),
     * and the payout job is enqueued to run when the undo window closes (rule 3). The timeline entry, the
     * `orders.refund` event (and so the audit entry) and the job commit with the refund or not at all.
     */
    async refund(input: RefundInput, options?: TxOptions): Promise<Refund> {
      const { organizationId, orderId, actor, reason } = input;
      const operator = actorOf(actor);
      if (!isUuid(orderId)) throw notFound();
      refuseRepeatedLines(input.lines);
      if (input.lines.length === 0 && input.shipping === undefined)
        throw AppError.validation([{ path: "body.lines", message: "refund at least one line or the shipping" }]);
      return inTransaction(database, options, async (trx) => {
        const scope = aftersaleScope(trx, organizationId);
        // FOR SHARE: refunds of one order run side by side, while a status move waits for them to end. A
        // refund of shipping updates the order's row, so it takes the row's update lock up front (two
        // share holders upgrading would deadlock); such refunds of one order run one after another.
        const orderQuery = scope
          .selectFrom("orders")
          .select(["id", "number", "status", "currency"])
          .where("id", "=", orderId);
        const order = await (input.shipping === undefined
          ? orderQuery.forShare()
          : orderQuery.forNoKeyUpdate()
        ).executeTakeFirst();
        if (!order) throw notFound();
        if (!REFUNDABLE_STATUSES.has(order.status)) {
          const message = `A ${order.status} order cannot be refunded`;
          throw ordersErrorReasons.error("ORDER_NOT_REFUNDABLE", { message });
        }

        // Lines in id order, so two refunds of the same lines never lock them crosswise.
        const requested = [...input.lines]
          .map((line, index) => ({ ...line, index }))
          .sort((a, b) => (a.lineItemId < b.lineItemId ? -1 : 1));
        const refundLines: { lineItemId: string; quantity: number; amount: number }[] = [];
        for (const line of requested) {
          const updated = await scope
            .updateTable("orderLines")
            .set({ refundedQuantity: sql`refunded_quantity + ${line.quantity}` })
            .where("id", "=", line.lineItemId)
            .where("orderId", "=", orderId)
            .where(sql<boolean>`refunded_quantity + ${line.quantity} <= quantity`)
            .returning(["quantity", "refundedQuantity", "total"])
            .executeTakeFirst();
          if (!updated) {
            const current = await scope
              .selectFrom("orderLines")
              .select(["quantity", "refundedQuantity"])
              .where("id", "=", line.lineItemId)
              .where("orderId", "=", orderId)
              .executeTakeFirst();
            const path = `body.lines.${line.index}`;
            throw AppError.validation([
              current
                ? {
                    path: `${path}.quantity`,
                    message: `at most ${current.quantity - current.refundedQuantity} unit(s) of this line can still be refunded`,
                  }
                : { path: `${path}.lineItemId`, message: "not a line of this order" },
            ]);
          }
          // The line's row lock is held from here: the live refunds read below are all committed ones.
          const taken = await scope
            .selectFrom("orderRefundLines")
            .innerJoin("orderRefunds", "orderRefunds.id", "orderRefundLines.refundId")
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("orderRefundLines.amount"), sql<number>`0`).as("amount"))
            .where("orderRefundLines.lineItemId", "=", line.lineItemId)
            .where("orderRefunds.status", "<>", "undone")
            .executeTakeFirstOrThrow();
          const amount = shareOf(updated.total, updated.quantity, updated.refundedQuantity) - Number(taken.amount);
          refundLines.push({ lineItemId: line.lineItemId, quantity: line.quantity, amount });
        }
        const shippingAmount = await takeRefundShipping(trx, { organizationId, orderId }, input.shipping);
        const amount = refundLines.reduce((sum, line) => sum + line.amount, 0) + shippingAmount;

        const { cap, windowMinutes: policyWindow, day } = await capContext(organizationId, { trx });
        const windowMinutes = input.isUndoable === false ? 0 : policyWindow;
        const { isCapLifted } = await hooks.runBefore(
          "orders.beforeRefund",
          {
            orderId,
            orderNumber: order.number,
            amount,
            currency: order.currency,
            lines: refundLines,
            approval: input.approval ?? null,
            isCapLifted: false,
          },
          { organizationId, actor, services, trx },
        );
        // A lifted cap still counts the amount on the operator's day (`cap` null only skips the guard).
        await takeRefundCap(trx, { organizationId, actorId: operator.id, day }, amount, isCapLifted ? null : cap);

        // The database's clock, the one the undo and the payout compare with.
        const { rows } = await sql<{
          undoUntil: Date;
        }>`select now() + ${windowMinutes} * interval '1 minute' as undo_until`.execute(trx);
        const undoUntil = rows[0]?.undoUntil;
        if (!undoUntil) throw new Error("The database answered no time");
        const id = randomUUID();
        await scope
          .insertInto("orderRefunds", {
            id,
            orderId,
            status: "pending_payout",
            amount,
            shippingAmount,
            currency: order.currency,
            reason: reason ?? null,
            actorId: operator.id,
            actorType: operator.type,
            credentialId: credentialOf(actor),
            capDay: day,
            undoUntil,
            undoneAt: null,
            paidOutAt: null,
            providerReference: null,
            payoutAttempts: 0,
            payoutError: null,
          })
          .execute();
        if (refundLines.length > 0)
          await scope
            .insertInto(
              "orderRefundLines",
              refundLines.map((line) => ({ ...line, refundId: id })),
            )
            .execute();
        const [refund] = await readRefunds(trx, organizationId, { orderId, refundId: id });
        if (!refund) throw new Error("The refund just written could not be read back");

        const units = refundLines.reduce((sum, line) => sum + line.quantity, 0);
        await appendTimeline(trx, {
          organizationId,
          orderId,
          type: "refund",
          actor: operator,
          summary: `Refunded ${units} unit(s)${shippingAmount > 0 ? ` and ${shippingAmount} of shipping` : ""} for ${amount} ${order.currency}`,
          data: {
            refundId: id,
            action: "refund",
            amount,
            shippingAmount,
            currency: order.currency,
            lines: refund.lines,
            reason: refund.reason,
          },
        });
        await events.emit(
          {
            organizationId,
            type: "orders.refund",
            entityType: "order",
            entityId: orderId,
            payload: { orderId, number: order.number, refund },
            actor,
          },
          { trx },
        );
        await services.jobs.enqueue(
          PAY_REFUND_TASK,
          { refundId: id },
          { organizationId, trx, delayMs: windowMinutes * 60_000 },
        );
        return refund;
      });
    },

    /**
     * Takes a refund back while its undo window is open: one guarded update of the refund
     * (`WHERE status = 'pending_payout' AND undo_until > now()`; a 409 after the window, or twice), then
     * the lines' refunded quantities and the operator's cap of the refund's day are given back, in the
     * same transaction as the timeline entry and the `orders.refundUndo` event. The payout job finds it
     * undone and pays nothing.
     */
    async undoRefund(
      input: { organizationId: string; orderId: string; refundId: string; actor: Actor },
      options?: TxOptions,
    ): Promise<Refund> {
      const { organizationId, orderId, refundId, actor } = input;
      if (!isUuid(orderId) || !isUuid(refundId)) throw AppError.notFound("Refund");
      return inTransaction(database, options, async (trx) => {
        const scope = aftersaleScope(trx, organizationId);
        const undone = await scope
          .updateTable("orderRefunds")
          .set({ status: "undone", undoneAt: sql<Date>`now()` })
          .where("id", "=", refundId)
          .where("orderId", "=", orderId)
          .where("status", "=", "pending_payout")
          .where(sql<boolean>`undo_until > now()`)
          .returning(["amount", "shippingAmount", "actorId", "capDay", "currency"])
          .executeTakeFirst();
        if (!undone) {
          const [existing] = await readRefunds(trx, organizationId, { orderId, refundId });
          if (!existing) throw AppError.notFound("Refund");
          const reason = existing.status === "undone" ? "REFUND_ALREADY_UNDONE" : "REFUND_UNDO_WINDOW_PASSED";
          throw ordersErrorReasons.error(reason);
        }
        await giveBackRefundShipping(trx, { organizationId, orderId }, Number(undone.shippingAmount));
        const lines = await scope
          .selectFrom("orderRefundLines")
          .select(["lineItemId", "quantity"])
          .where("refundId", "=", refundId)
          .orderBy("lineItemId")
          .execute();
        for (const line of lines) {
          await scope
            .updateTable("orderLines")
            .set({ refundedQuantity: sql`refunded_quantity - ${line.quantity}` })
            .where("id", "=", line.lineItemId)
            .execute();
        }
        await giveBackRefundCap(trx, { organizationId, actorId: undone.actorId, day: undone.capDay }, undone.amount);
        const [refund] = await readRefunds(trx, organizationId, { orderId, refundId });
        if (!refund) throw new Error("The refund just undone could not be read back");
        const order = await scope
          .selectFrom("orders")
          .select("number")
          .where("id", "=", orderId)
          .executeTakeFirstOrThrow();
        await appendTimeline(trx, {
          organizationId,
          orderId,
          type: "refund",
          actor: actorOf(actor),
          summary: `Undid the refund of ${undone.amount} ${undone.currency}`,
          data: {
            refundId,
            action: "undo",
            amount: undone.amount,
            shippingAmount: undone.shippingAmount,
            currency: undone.currency,
            lines: refund.lines,
          },
        });
        await events.emit(
          {
            organizationId,
            type: "orders.refundUndo",
            entityType: "order",
            entityId: orderId,
            payload: { orderId, number: order.number, refund },
            actor,
          },
          { trx },
        );
        return refund;
      });
    },

    /** An order's refunds, newest first; 404 for an order of another organization. */
    async listRefunds(organizationId: string, orderId: string, options?: TxOptions): Promise<Refund[]> {
      const db = options?.trx ?? database.db;
      if (!isUuid(orderId)) throw notFound();
      const order = await aftersaleScope(db, organizationId)
        .selectFrom("orders")
        .select("id")
        .where("id", "=", orderId)
        .executeTakeFirst();
      if (!order) throw notFound();
      return readRefunds(db, organizationId, { orderId });
    },

    /** The acting operator's cap today (the store's day), what they used of it and what is left. */
    async refundCapStatus(organizationId: string, actor: Actor, options?: TxOptions): Promise<RefundCapStatus> {
      const { cap, timezone, day } = await capContext(organizationId, options ?? {});
      return readRefundCap(
        options?.trx ?? database.db,
        { organizationId, actorId: actorOf(actor).id, day },
        cap,
        timezone,
      );
    },
  };
}

// The refund's hook point, declared beside the operation that runs it. See "Hooks" in the core README.
declare module "../../kernel/hook-runner.js" {
  interface HookPayloads {
    /**
     * Before a refund is written, in its transaction, once its amount is computed and before the
     * operator's daily cap takes it: throw an `AppError` to refuse it, or answer the payload with
     * `isCapLifted: true` to let it past `policies.refundDailyCap` (its amount is still counted on the
     * operator's day). `approval` is the request's `approval` token (null without one), for a handler
     * that honours one-time approvals (a point-of-sale manager override); only `isCapLifted` is read back.
     */
    "orders.beforeRefund": {
      orderId: string;
      orderNumber: string;
      amount: number;
      currency: string;
      lines: readonly { lineItemId: string; quantity: number; amount: number }[];
      approval: string | null;
      isCapLifted: boolean;
    };
  }
}
