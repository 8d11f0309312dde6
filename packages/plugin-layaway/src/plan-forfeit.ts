import type { z } from "zod";
import { inTransaction, type Actor, type TxOptions } from "@unified-commerce/plugin-sdk";
import { layawayScope, reservationReference, type LayawayContext } from "./layaway-context.js";
import { forfeitFee } from "./layaway-schedule.js";
import type { forfeitInput, forfeitReasonSchema } from "./layaway-schemas.js";
import { assertMove } from "./layaway-states.js";
import { recordRefund } from "./plan-ledger.js";
import { readPlan, readPlanRow, type Plan } from "./plan-reads.js";

export type ForfeitInput = z.output<typeof forfeitInput>;

/**
 * Forfeits an active plan in ONE transaction, on its locked row (409 from any other state): releases
 * the stock its reservations still hold (one that already expired gave its stock back by itself), keeps
 * the fee (`forfeitFeePercent` of the total, never more than was paid), refunds the rest of the paid
 * amount through the manual adapter as a `refund` ledger entry, and moves the plan to `forfeited` with
 * `layaway.forfeit`. The ledger keeps every payment.
 */
export async function forfeitPlan(
  context: LayawayContext,
  input: {
    organizationId: string;
    actor: Actor | null;
    planId: string;
    reason: z.output<typeof forfeitReasonSchema>;
    body: ForfeitInput;
  },
  options?: TxOptions,
): Promise<Plan> {
  const { services, events, settings } = context;
  const { organizationId, actor, planId } = input;
  return inTransaction(context.database, options, async (trx) => {
    const plan = await readPlanRow(trx, organizationId, planId, true);
    assertMove("forfeit", plan.status);
    const reservations = await services.inventory.listByReference(organizationId, reservationReference(plan.id), {
      trx,
    });
    for (const reservation of reservations) {
      if (reservation.status === "active")
        await services.inventory.release(organizationId, reservation.id, actor, { trx });
    }
    const fee = forfeitFee(plan.total, plan.paidAmount, settings);
    const refunded = plan.paidAmount - fee;
    if (refunded > 0)
      await recordRefund(
        context,
        { organizationId, actor, planId, amount: refunded, currency: plan.currency },
        { trx },
      );
    const now = new Date();
    await layawayScope(trx, organizationId)
      .updateTable("layawayPlans")
      .set({
        status: "forfeited",
        forfeitReason: input.reason,
        forfeitFee: fee,
        refundedAmount: refunded,
        forfeitNote: input.body.note ?? null,
        forfeitedAt: now,
        updatedAt: now,
      })
      .where("id", "=", planId)
      .where("status", "=", "active")
      .execute();
    await events.emit(
      {
        organizationId,
        type: "layaway.forfeit",
        entityType: "layawayPlan",
        entityId: planId,
        payload: {
          planId,
          customerId: plan.customerId,
          reason: input.reason,
          paidAmount: plan.paidAmount,
          fee,
          refunded,
        },
        actor,
      },
      { trx },
    );
    return readPlan(trx, organizationId, planId);
  });
}
