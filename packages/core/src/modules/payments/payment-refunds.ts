import { sql } from "kysely";
import type { PaymentOperationResult } from "./payment-adapter.js";
import { paymentsScope, PAYMENT_INTENT_COLUMNS, type PaymentsContext } from "./payments-context.js";

/** What the orders module pays back, once a refund can no longer be undone. */
export interface RefundPaymentInput {
  organizationId: string;
  orderId: string;
  /** Minor units. */
  amount: number;
  currency: string;
  /** The same for every attempt of one refund (its id), so a retry after a timeout never pays twice. */
  idempotencyKey: string;
}

export function createPaymentRefunds({
  database,
  registry,
  services,
}: Pick<PaymentsContext, "database" | "registry" | "services">) {
  return {
    /**
     * Pays `amount` back through the adapter of the order's payment: its succeeded intent, else (a
     * manual payment that staff confirmed, whose intent stays `pending`) its latest intent the provider
     * answered. Called by the orders' payout job, outside any transaction. Throws when the order has no
     * such intent or the provider fails, so the job retries with backoff.
     */
    async refundPayment(input: RefundPaymentInput): Promise<PaymentOperationResult> {
      const { organizationId, orderId, amount, currency, idempotencyKey } = input;
      const intent = await paymentsScope(database.db, organizationId)
        .selectFrom("paymentIntents")
        .select(PAYMENT_INTENT_COLUMNS)
        .where("orderId", "=", orderId)
        .where("providerReference", "is not", null)
        .orderBy(sql`status = 'succeeded'`, "desc")
        .orderBy("createdAt", "desc")
        .executeTakeFirst();
      if (!intent?.providerReference)
        throw new Error(`Order ${orderId} has no payment a provider answered for: nothing to refund through`);
      const adapter = registry.get(intent.provider);
      if (!adapter) throw new Error(`No payment adapter "${intent.provider}" is registered`);
      return adapter.refund(
        { organizationId, providerReference: intent.providerReference, amount, currency, idempotencyKey },
        { outbound: services.outbound },
      );
    },
  };
}
