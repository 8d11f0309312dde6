import { randomUUID } from "node:crypto";
import type { z } from "zod";
import {
  AppError,
  inTransaction,
  inventoryErrorReasons,
  type Actor,
  type TxOptions,
} from "@unified-commerce/plugin-sdk";
import { layawayScope, reservationReference, type LayawayContext } from "./layaway-context.js";
import { planSchedule } from "./layaway-schedule.js";
import type { createPlanInput } from "./layaway-schemas.js";
import { readPlan, type Plan } from "./plan-reads.js";
import { recordLedgerEntry } from "./plan-ledger.js";

export type CreatePlanInput = z.output<typeof createPlanInput>;

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Makes a plan in ONE transaction: price the lines on the server (`services.carts.quote`: pricing and
 * tax, exactly as checkout charges; the request carries no price), check the deposit and the schedule,
 * reserve each line's stock until the deadline with the inventory's guarded step (lines in (entity,
 * variant) order, like checkout, so concurrent plans never wait on each other's rows crosswise), then
 * write the plan, its lines, its schedule and the deposit's ledger entry, with `layaway.create` and
 * `layaway.payment`. A refusal anywhere (422 input, 404 unknown item, 409 not enough stock) leaves nothing.
 */
export async function createPlan(
  context: LayawayContext,
  input: { organizationId: string; actor: Actor | null; body: CreatePlanInput },
  options?: TxOptions,
): Promise<Plan> {
  const { services, settings, events } = context;
  const { organizationId, actor, body } = input;
  const seen = new Set<string>();
  body.lines.forEach((line, index) => {
    const key = `${line.entityId}/${line.variantId ?? ""}`;
    if (seen.has(key))
      throw AppError.validation([
        {
          path: `lines.${index}`,
          message: "names the same item as an earlier line: give one line with the whole quantity",
        },
      ]);
    seen.add(key);
  });

  return inTransaction(context.database, options, async (trx) => {
    const now = new Date();
    const planId = randomUUID();
    const { isTaxInclusive = false } = await services.settings.get(organizationId, "carts", { trx });
    const items = body.lines.map((line) => ({
      id: randomUUID(),
      entityId: line.entityId,
      variantId: line.variantId ?? null,
      quantity: line.quantity,
      unitPriceSnapshot: null,
    }));
    const quote = await services.carts.quote(
      {
        organizationId,
        currency: body.currency,
        isTaxInclusive,
        items,
        customerId: body.customerId,
        promotionCodes: [],
        customerGroupIds: [],
      },
      { trx },
    );
    quote.lines.forEach((line, index) => {
      if (line.unavailableReason === "ITEM_UNAVAILABLE")
        throw AppError.validation([{ path: `lines.${index}.entityId`, message: "is not for sale" }]);
      if (line.unavailableReason === "PRICE_MISSING")
        throw AppError.validation([{ path: `lines.${index}.entityId`, message: `has no price in ${body.currency}` }]);
    });
    const { installments, deadline } = planSchedule(
      { total: quote.total, deposit: body.deposit.amount, schedule: body.schedule, deadline: body.deadline, now },
      settings,
    );

    const reservations = new Map<string, string>();
    for (const line of [...quote.lines].sort(
      (a, b) => compare(a.entityId, b.entityId) || compare(a.variantId ?? "", b.variantId ?? ""),
    )) {
      try {
        const reservation = await services.inventory.reserve(
          organizationId,
          {
            entityId: line.entityId,
            variantId: line.variantId,
            quantity: line.quantity,
            expiresAt: deadline.toISOString(),
            reference: reservationReference(planId),
          },
          { trx },
        );
        reservations.set(line.id, reservation.id);
      } catch (error) {
        // Only the inventory's own "not enough stock": any other failure (a subscriber's 409) is not that.
        if (inventoryErrorReasons.reasonOf(error) === "OUT_OF_STOCK") {
          throw AppError.conflict(`Not enough stock for ${line.title ?? line.slug} to hold ${line.quantity}`);
        }
        throw error;
      }
    }

    const scope = layawayScope(trx, organizationId);
    await scope
      .insertInto("layawayPlans", {
        id: planId,
        status: "active",
        customerId: body.customerId,
        email: body.email ?? null,
        currency: body.currency,
        isTaxInclusive,
        subtotal: quote.subtotal,
        taxTotal: quote.taxTotal,
        total: quote.total,
        depositAmount: body.deposit.amount,
        paidAmount: 0,
        deadline,
        orderId: null,
        forfeitReason: null,
        forfeitFee: null,
        refundedAmount: null,
        forfeitNote: null,
        completedAt: null,
        forfeitedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await scope
      .insertInto(
        "layawayLines",
        quote.lines.map((line, position) => ({
          id: line.id,
          planId,
          position,
          entityId: line.entityId,
          variantId: line.variantId,
          title: line.title ?? line.slug,
          sku: line.sku,
          quantity: line.quantity,
          unitPrice: line.unitPrice ?? 0,
          subtotal: line.subtotal,
          tax: line.tax,
          total: line.total,
          taxRateBps: line.taxRateBps,
          reservationId: reservations.get(line.id) as string,
        })),
      )
      .execute();
    await scope
      .insertInto(
        "layawayInstallments",
        installments.map((installment) => ({ id: randomUUID(), planId, ...installment, remindedAt: null })),
      )
      .execute();
    await events.emit(
      {
        organizationId,
        type: "layaway.create",
        entityType: "layawayPlan",
        entityId: planId,
        payload: {
          planId,
          customerId: body.customerId,
          total: quote.total,
          currency: body.currency,
          deadline: deadline.toISOString(),
        },
        actor,
      },
      { trx },
    );
    await recordLedgerEntry(
      context,
      {
        organizationId,
        actor,
        planId,
        customerId: body.customerId,
        kind: "deposit",
        amount: body.deposit.amount,
        method: body.deposit.method,
        paidBefore: 0,
        total: quote.total,
        currency: body.currency,
      },
      { trx },
    );
    return readPlan(trx, organizationId, planId);
  });
}
