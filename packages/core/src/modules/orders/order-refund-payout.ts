import { sql } from "kysely";
import type { z } from "zod";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import { aftersaleScope } from "./order-aftersale-tables.js";
import type { refundStatusSchema } from "./order-refund-schemas.js";

/** The job that pays a refund back through the payment provider once its undo window has passed. */
export const PAY_REFUND_TASK = "orders/pay-refund";

type RefundStatus = z.output<typeof refundStatusSchema>;

const MAX_ERROR_LENGTH = 1000;

export function createRefundPayout({ database, services }: { database: DatabaseAccess; services: Services }) {
  return {
    /**
     * The payout job's work: pays a refund back through `services.payments.refundPayment` once its undo
     * window has passed, outside any transaction, with the refund's id as idempotency key. The claim is
     * a guarded update (`undo_until <= now()`, not undone, not paid): it waits for an undo that holds the
     * row and then finds it undone, so an undone refund is never paid. A job that runs early (a manual
     * run) schedules itself again for the window's end. A provider failure is recorded and rethrown, so
     * the queue retries with backoff; the last attempt marks the refund `payout_failed`.
     */
    async payOutRefund(
      organizationId: string,
      refundId: string,
      attempt: { isLast: boolean },
    ): Promise<RefundStatus | "waiting" | null> {
      const scope = aftersaleScope(database.db, organizationId);
      const claimed = await scope
        .updateTable("orderRefunds")
        .set({ payoutAttempts: sql`payout_attempts + 1` })
        .where("id", "=", refundId)
        .where("status", "in", ["pending_payout", "payout_failed"])
        .where(sql<boolean>`undo_until <= now()`)
        .returning(["orderId", "amount", "currency"])
        .executeTakeFirst();
      if (!claimed) {
        const row = await scope
          .selectFrom("orderRefunds")
          .select([
            "status",
            sql<number>`greatest(extract(epoch from undo_until - now()) * 1000, 0)::float8`.as("msLeft"),
          ])
          .where("id", "=", refundId)
          .executeTakeFirst();
        if (row?.status !== "pending_payout") return row?.status ?? null;
        await services.jobs.enqueue(PAY_REFUND_TASK, { refundId }, { organizationId, delayMs: Math.ceil(row.msLeft) });
        return "waiting";
      }
      try {
        const result = await services.payments.refundPayment({
          organizationId,
          orderId: claimed.orderId,
          amount: claimed.amount,
          currency: claimed.currency,
          idempotencyKey: refundId,
        });
        await scope
          .updateTable("orderRefunds")
          .set({
            status: "paid_out",
            paidOutAt: sql<Date>`now()`,
            providerReference: result.providerReference,
            payoutError: null,
          })
          .where("id", "=", refundId)
          .execute();
        return "paid_out";
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
        await scope
          .updateTable("orderRefunds")
          .set({ payoutError: message, ...(attempt.isLast ? { status: "payout_failed" as const } : {}) })
          .where("id", "=", refundId)
          .execute();
        throw error;
      }
    },
  };
}
