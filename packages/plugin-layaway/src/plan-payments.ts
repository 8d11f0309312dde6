import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { z } from "zod";
import {
  AppError,
  inTransaction,
  type Actor,
  type CoreTables,
  type Order,
  type TxOptions,
} from "@unified-commerce/plugin-sdk";
import { layawayScope, reservationReference, type LayawayContext } from "./layaway-context.js";
import type { paymentInput, paymentResultSchema } from "./layaway-schemas.js";
import { assertBeforeDeadline, assertMove } from "./layaway-states.js";
import { recordLedgerEntry } from "./plan-ledger.js";
import { LINE_COLUMNS, readPlan, readPlanRow, type PlanRow } from "./plan-reads.js";

export type PaymentInput = z.output<typeof paymentInput>;
export type PaymentResult = z.output<typeof paymentResultSchema>;

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Records an installment in ONE transaction, on the plan row locked `for update`: a plan that is not
 * active, or past its deadline, is a 409; more than the balance is a 422; nothing is written then. The
 * payment reaching the total completes the plan in the same transaction (`completePlan`). Two final
 * payments racing wait on the lock: the second finds the plan completed (409), so one order exists.
 */
export async function recordPayment(
  context: LayawayContext,
  input: { organizationId: string; actor: Actor | null; planId: string; body: PaymentInput },
  options?: TxOptions,
): Promise<PaymentResult> {
  const { organizationId, actor, planId, body } = input;
  return inTransaction(context.database, options, async (trx) => {
    const plan = await readPlanRow(trx, organizationId, planId, true);
    assertMove("pay", plan.status);
    assertBeforeDeadline(plan.deadline, new Date());
    const balance = plan.total - plan.paidAmount;
    if (body.amount > balance)
      throw AppError.validation([{ path: "amount", message: `exceeds the plan's balance of ${balance}` }]);
    const payment = await recordLedgerEntry(
      context,
      {
        organizationId,
        actor,
        planId,
        customerId: plan.customerId,
        kind: "installment",
        amount: body.amount,
        method: body.method,
        paidBefore: plan.paidAmount,
        total: plan.total,
        currency: plan.currency,
      },
      { trx },
    );
    const order = body.amount === balance ? await completePlan(context, { organizationId, actor, plan }, trx) : null;
    return {
      payment,
      plan: await readPlan(trx, organizationId, planId),
      order: order && { id: order.id, number: order.number, status: order.status },
    };
  });
}

/**
 * Turns a paid-off plan into an order, in the payment's transaction: the plan's reservations are
 * CONVERTED into sales (the stock was held since the plan was made; nothing is reserved again), a
 * payment intent of the whole total is recorded through the manual adapter (its job names the payment
 * at the provider; refunds of the order pay back through it), the order is written with the plan's
 * locked prices (`cartId` is the plan's id: the orders' unique (organization, cart) index is a second
 * guard against two orders of one plan) and confirmed at once, as staff confirming a manual payment
 * would: the money is in. The plan moves to `completed` with `layaway.complete`. `orders.create` runs
 * the order's `orders.afterCreate` hooks once the payment's transaction commits.
 */
async function completePlan(
  context: LayawayContext,
  input: { organizationId: string; actor: Actor | null; plan: PlanRow },
  trx: Transaction<CoreTables>,
): Promise<Order> {
  const { services, events } = context;
  const { organizationId, actor, plan } = input;
  assertMove("complete", plan.status);
  const lines = await layawayScope(trx, organizationId)
    .selectFrom("layawayLines")
    .select(LINE_COLUMNS)
    .where("planId", "=", plan.id)
    .orderBy("position")
    .execute();
  const held = new Map(
    (await services.inventory.listByReference(organizationId, reservationReference(plan.id), { trx })).map(
      (reservation) => [reservation.id, reservation],
    ),
  );
  for (const line of [...lines].sort(
    (a, b) => compare(a.entityId, b.entityId) || compare(a.variantId ?? "", b.variantId ?? ""),
  )) {
    if (held.get(line.reservationId)?.status !== "active")
      throw AppError.conflict(`The stock held for ${line.title} is no longer reserved`);
    await services.inventory.convert(organizationId, line.reservationId, actor, { trx });
  }

  const orderId = randomUUID();
  await services.payments.recordIntent(
    {
      organizationId,
      orderId,
      paymentMethodId: context.adapter.id,
      provider: context.adapter.id,
      amount: plan.total,
      currency: plan.currency,
    },
    { trx },
  );
  const order = await services.orders.create(
    {
      id: orderId,
      organizationId,
      actor,
      cartId: plan.id,
      customerId: plan.customerId,
      currency: plan.currency,
      isTaxInclusive: plan.isTaxInclusive,
      paymentMethodId: context.adapter.id,
      shippingAddress: null,
      promotionCodes: [],
      subtotal: plan.subtotal,
      discountTotal: 0,
      taxTotal: plan.taxTotal,
      total: plan.total,
      lines: lines.map((line) => ({
        entityId: line.entityId,
        variantId: line.variantId,
        title: line.title,
        sku: line.sku,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        subtotal: line.subtotal,
        discount: 0,
        tax: line.tax,
        total: line.total,
        taxRateBps: line.taxRateBps,
      })),
    },
    { trx },
  );
  await services.orders.confirmPayment({ organizationId, orderId }, { trx });
  const now = new Date();
  await layawayScope(trx, organizationId)
    .updateTable("layawayPlans")
    .set({ status: "completed", orderId, completedAt: now, updatedAt: now })
    .where("id", "=", plan.id)
    .where("status", "=", "active")
    .execute();
  await events.emit(
    {
      organizationId,
      type: "layaway.complete",
      entityType: "layawayPlan",
      entityId: plan.id,
      payload: { planId: plan.id, customerId: plan.customerId, orderId, orderNumber: order.number },
      actor,
    },
    { trx },
  );
  return { ...order, status: "confirmed" };
}
