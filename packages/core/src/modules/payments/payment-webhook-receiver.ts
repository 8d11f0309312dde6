import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { findUnsafeInput } from "../../http/unsafe-input.js";
import { AppError, isAppError } from "../../kernel/app-error.js";
import { isUuid } from "../../db/is-uuid.js";
import { PaymentWebhookRejected, type PaymentWebhookEvent } from "./payment-adapter.js";
import { paymentsScope, type PaymentsContext } from "./payments-context.js";
import { matchIntent } from "./webhook-intent-match.js";

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

export function createPaymentWebhookReceiver({ database, services, registry, logger }: PaymentsContext) {
  /** Verifies with the provider's adapter; nothing is read or written before it passed. */
  const verify = ({ provider, rawBody, headers }: WebhookReceipt): PaymentWebhookEvent => {
    const adapter = registry.get(provider);
    // A provider without webhooks (manual) has nothing to receive: as unknown as an unregistered one.
    if (!adapter?.parseWebhook) throw new AppError("NOT_FOUND", { message: `Payment provider ${provider} not found` });
    let event: PaymentWebhookEvent;
    try {
      event = adapter.parseWebhook({ rawBody, headers, now: new Date() });
    } catch (error) {
      if (error instanceof PaymentWebhookRejected)
        throw new AppError("PAYMENT_WEBHOOK_REJECTED", { message: error.message });
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
     * confirms it and marks the matched intent succeeded, in the same transaction, when the event's
     * intent id, amount and currency match the order's recorded intent (`matchIntent`); a mismatch is
     * recorded on the delivery (`mismatch`), logged as an error, and moves nothing. An order of another
     * organization, or none, is recorded and moves nothing. Other actions are only recorded.
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
            mismatch: null,
            payload: JSON.stringify(event.payload),
          })
          .onConflict((conflict) => conflict.columns(["organizationId", "provider", "eventId"]).doNothing())
          .returning("id")
          .executeTakeFirst();
        if (!recorded) return { received: true, duplicate: true };
        if (event.action !== "payment_succeeded" || event.orderId === null || !isUuid(event.orderId))
          return { received: true, duplicate: false };

        const orderId = event.orderId;
        const intents = await scope
          .selectFrom("paymentIntents")
          .select(["id", "providerReference", "amount", "currency"])
          .where("orderId", "=", orderId)
          .where("provider", "=", provider)
          .orderBy("createdAt")
          .execute();
        const match = matchIntent(intents, event);
        if (match.intentId === null) {
          await scope
            .updateTable("paymentWebhookEvents")
            .set({ mismatch: match.mismatch })
            .where("id", "=", recorded.id)
            .execute();
          // Loud on purpose: a signed event that does not match is a provider bug, a misconfiguration or
          // someone replaying another payment's event against this order.
          logger.error(
            {
              organizationId,
              provider,
              eventId: event.eventId,
              orderId,
              providerReference: event.providerReference,
              amount: event.amount,
              currency: event.currency,
              mismatch: match.mismatch,
            },
            "payment webhook does not match the order's payment intent: the order was not confirmed",
          );
          return { received: true, duplicate: false };
        }
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
          .set({
            status: "succeeded",
            providerReference: sql`coalesce(provider_reference, ${event.providerReference})`,
            updatedAt: sql`now()`,
          })
          .where("id", "=", match.intentId)
          .where("status", "!=", "succeeded")
          .execute();
        return { received: true, duplicate: false };
      });
    },
  };
}
