import type { PaymentWebhookEvent } from "./payment-adapter.js";
import type { PaymentIntent } from "./payments-context.js";

/** What a `payment_succeeded` delivery is checked against: the order's intents with its provider. */
export type RecordedIntent = Pick<PaymentIntent, "id" | "providerReference" | "amount" | "currency">;

/** The intent a delivery pays, or why it pays none of the order's. */
export type IntentMatch = { intentId: string; mismatch: null } | { intentId: null; mismatch: string };

/**
 * Matches a verified `payment_succeeded` to the order's recorded intent: the provider's intent id must
 * be the one recorded (or, when the provider's answer is not recorded yet, the webhook came first, the
 * intent still waiting for it), and the amount and currency must be the intent's. A signed event is
 * only as good as what it says: an event for another payment of the store (a smaller amount, another
 * currency, another intent) naming this order must not confirm it.
 */
export function matchIntent(
  intents: readonly RecordedIntent[],
  event: Pick<PaymentWebhookEvent, "providerReference" | "amount" | "currency">,
): IntentMatch {
  const refuse = (mismatch: string): IntentMatch => ({ intentId: null, mismatch });
  if (intents.length === 0) return refuse("the order has no payment intent with this provider");
  if (event.providerReference === null) return refuse("the event names no payment intent");
  const intent =
    intents.find((candidate) => candidate.providerReference === event.providerReference) ??
    intents.find((candidate) => candidate.providerReference === null);
  if (!intent)
    return refuse(
      `intent ${event.providerReference} is not the order's (${intents.map((candidate) => candidate.providerReference).join(", ")})`,
    );
  if (event.amount !== intent.amount)
    return refuse(`amount ${event.amount ?? "missing"} is not the intent's ${intent.amount}`);
  if (event.currency?.toUpperCase() !== intent.currency.toUpperCase())
    return refuse(`currency ${event.currency ?? "missing"} is not the intent's ${intent.currency}`);
  return { intentId: intent.id, mismatch: null };
}
