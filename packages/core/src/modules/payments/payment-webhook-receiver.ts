import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { findUnsafeInput } from "../../http/unsafe-input.js";
import { AppError, isAppError } from "../../kernel/app-error.js";
import { isUuid } from "../catalog/catalog-context.js";
import { PaymentWebhookRejected, type PaymentWebhookEvent } from "./payment-adapter.js";
import { paymentsScope, type PaymentsContext } from "./payments-context.js";

/** A delivery as the receiver route hands it over. */
export interface WebhookReceipt {
  /** The request's organization: only its orders can be confirmed. */
  organizationId: string;
  provider: string;
  rawBody: Buffer;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** What a verified delivery did. */
export interface WebhookOutcome {
  received: true;
  /** The event id was recorded before: the delivery changed nothing. */
  duplicate: boolean;
}

export function createPaymentWebhookReceiver({ database, services, registry }: PaymentsContext) {
  /** Verifies with the provider's adapter; nothing is read or written before it passed. */
  const verify = ({ provider, rawBody, headers }: WebhookReceipt): PaymentWebhookEvent => {
    const adapter = registry.get(provider);
    // A provider without webhooks (manual) has nothing to receive: as unknown as an unregistered one.
    if (!adapter?.parseWebhook) throw new AppError("NOT_FOUND", { message: `Payment provider ${provider} not found` });
    let event: PaymentWebhookEvent;
    try {
      event = adapter.parseWebhook({ rawBody, headers, now: new Date() });
    } catch (error) {
      if (error instanceof PaymentWebhookRejected) throw new AppError("PAYMENT_WEBHOOK_REJECTED", { message: error.message });
      throw error;
    }
    // The payload is stored as jsonb: the input rules every JSON body meets apply to this one too.
    const issue = findUnsafeInput(event.payload, "body");
    if (issue) throw AppError.validation([issue]);
    return event;
  };

  return {
    /**
     * Records a verified delivery once per (organization, provider, event id); a replay answers
     * `duplicate: true` and changes nothing. `payment_succeeded` naming an order of this organization
     * confirms it and marks its intents with that provider succeeded, in the same transaction; an order
     * of another organization, or none, is recorded and moves nothing. Other actions are only recorded.
     */
    async receiveWebhook(receipt: WebhookReceipt): Promise<WebhookOutcome> {
      const event = verify(receipt);
      const { organizationId, provider } = receipt;
      return database.transaction(async (trx) => {
        const scope = paymentsScope(trx, organizationId);
        const recorded = await scope
          .insertInto("paymentWebhookEvents", {
            id: randomUUID(),
            provider,
            eventId: event.eventId,
            type: event.type,
            action: event.action,
            orderId: null,
            payload: JSON.stringify(event.payload),
          })
          .onConflict((conflict) => conflict.columns(["organizationId", "provider", "eventId"]).doNothing())
          .returning("id")
          .executeTakeFirst();
        if (!recorded) return { received: true, duplicate: true };
        if (event.action !== "payment_succeeded" || event.orderId === null || !isUuid(event.orderId)) return { received: true, duplicate: false };

        const orderId = event.orderId;
        try {
          await services.orders.confirmPayment({ organizationId, orderId }, { trx });
        } catch (error) {
          // Another organization's order, or none: the delivery stays recorded and moves nothing. The
          // lookup that said so ran no failing statement, so the transaction is still good to commit.
          if (isAppError(error) && error.code === "NOT_FOUND") return { received: true, duplicate: false };
          throw error;
        }
        await scope.updateTable("paymentWebhookEvents").set({ orderId }).where("id", "=", recorded.id).execute();
        await scope
          .updateTable("paymentIntents")
          .set({ status: "succeeded", providerReference: sql`coalesce(provider_reference, ${event.providerReference})`, updatedAt: sql`now()` })
          .where("orderId", "=", orderId)
          .where("provider", "=", provider)
          .where("status", "!=", "succeeded")
          .execute();
        return { received: true, duplicate: false };
      });
    },
  };
}
