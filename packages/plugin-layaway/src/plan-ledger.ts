import { randomUUID } from "node:crypto";
import type { Actor } from "@unified-commerce/plugin-sdk";
import type { Transaction } from "kysely";
import type { CoreTables } from "@unified-commerce/plugin-sdk";
import { layawayScope, type LayawayContext } from "./layaway-context.js";
import { LEDGER_COLUMNS, toLedgerEntry, type LedgerEntry } from "./plan-reads.js";

export interface LedgerPaymentInput {
  organizationId: string;
  actor: Actor | null;
  planId: string;
  customerId: string;
  kind: "deposit" | "installment";
  amount: number;
  method: string;
  /** The plan's paid amount before this payment (read on the locked row). */
  paidBefore: number;
  total: number;
  currency: string;
}

/**
 * Takes a payment through the manual adapter and writes it: the ledger entry, the plan's new paid
 * amount and `layaway.payment`, in the caller's transaction. The manual adapter calls nothing (the money
 * was taken at the counter), so calling it inside the transaction holds no lock on anything remote; the
 * payment's id is its idempotency key.
 */
export async function recordLedgerEntry(
  context: LayawayContext,
  input: LedgerPaymentInput,
  options: { trx: Transaction<CoreTables> },
): Promise<LedgerEntry> {
  const { trx } = options;
  const { organizationId, planId } = input;
  const id = randomUUID();
  const answer = await context.adapter.createIntent({
    organizationId,
    orderId: planId,
    orderNumber: planId,
    amount: input.amount,
    currency: input.currency,
    paymentMethodId: input.method,
    idempotencyKey: id,
  });
  const scope = layawayScope(trx, organizationId);
  const paidAmount = input.paidBefore + input.amount;
  const entry = await scope
    .insertInto("layawayLedger", {
      id,
      planId,
      kind: input.kind,
      amount: input.amount,
      method: input.method,
      provider: context.adapter.id,
      providerReference: answer.providerReference,
      actorId: input.actor?.id ?? null,
      createdAt: new Date(),
    })
    .returning(LEDGER_COLUMNS)
    .executeTakeFirstOrThrow();
  await scope.updateTable("layawayPlans").set({ paidAmount, updatedAt: new Date() }).where("id", "=", planId).execute();
  await context.events.emit(
    {
      organizationId,
      type: "layaway.payment",
      entityType: "layawayPlan",
      entityId: planId,
      payload: {
        planId,
        customerId: input.customerId,
        paymentId: id,
        kind: input.kind,
        amount: input.amount,
        paidAmount,
        balance: input.total - paidAmount,
      },
      actor: input.actor,
    },
    { trx },
  );
  return toLedgerEntry(entry);
}

/** Pays `amount` back through the manual adapter and writes the refund's ledger entry (a forfeit's). */
export async function recordRefund(
  context: LayawayContext,
  input: { organizationId: string; actor: Actor | null; planId: string; amount: number; currency: string },
  options: { trx: Transaction<CoreTables> },
): Promise<LedgerEntry> {
  const id = randomUUID();
  const answer = await context.adapter.refund({
    organizationId: input.organizationId,
    providerReference: `${context.adapter.id}_${input.planId}`,
    amount: input.amount,
    currency: input.currency,
    idempotencyKey: id,
  });
  const entry = await layawayScope(options.trx, input.organizationId)
    .insertInto("layawayLedger", {
      id,
      planId: input.planId,
      kind: "refund",
      amount: input.amount,
      method: "refund",
      provider: context.adapter.id,
      providerReference: answer.providerReference,
      actorId: input.actor?.id ?? null,
      createdAt: new Date(),
    })
    .returning(LEDGER_COLUMNS)
    .executeTakeFirstOrThrow();
  return toLedgerEntry(entry);
}
