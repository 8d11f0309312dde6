import type { OutboundClient } from "../../http/outbound/outbound-client.js";

/**
 * The contract a payment provider implements, registered by provider id (`payments.adapters`). Each
 * operation takes one input and answers one output; webhook deliveries are verified by the adapter and
 * normalised to a few actions, so the payments module never reads a provider's own event format.
 *
 * Adapters are called outside database transactions (a slow provider must never hold row locks), so
 * every call carries an idempotency key the provider can deduplicate retries with.
 */
export interface PaymentAdapter {
  /** Provider id: the `:provider` of `POST /api/payments/webhook/:provider`, and `paymentMethodId`'s provider. */
  readonly id: string;
  /** Asks the provider for a payment of `amount`; money moves once the customer completes it. */
  createIntent(input: CreateIntentInput, context?: PaymentCallContext): Promise<PaymentIntentResult>;
  /** Collects an authorised payment. */
  capture(input: CaptureInput, context?: PaymentCallContext): Promise<PaymentOperationResult>;
  /** Pays `amount` back to the customer. */
  refund(input: RefundInput, context?: PaymentCallContext): Promise<PaymentOperationResult>;
  /**
   * Verifies a webhook delivery from its raw bytes and headers, and says what it means. Throws
   * `PaymentWebhookRejected` when the delivery is not authentic (bad or stale signature, malformed):
   * the receiver answers 400 and records nothing. Absent for providers without webhooks (`manual`).
   */
  parseWebhook?(input: PaymentWebhookDelivery): PaymentWebhookEvent;
}

/**
 * What the payments module hands an adapter with each call. An adapter that calls its provider does so
 * through `outbound` (never `fetch`): the deployment's address policy, timeouts and size limit hold.
 */
export interface PaymentCallContext {
  /** The kernel's guarded HTTP client (`services.outbound`). */
  outbound: OutboundClient;
}

export interface CreateIntentInput {
  organizationId: string;
  orderId: string;
  orderNumber: string;
  /** Minor units. */
  amount: number;
  currency: string;
  /**
   * What the customer chose at checkout, without the provider prefix (`card:pm_123` gives `pm_123`,
   * `manual:cash` gives `cash`); empty when checkout named the provider alone (`card`).
   */
  paymentMethodId: string;
  /** Stable across retries of the same intent. */
  idempotencyKey: string;
}

/** Where a payment stands, as the payments module records it. */
export type PaymentStatus = "pending" | "requires_action" | "authorized" | "succeeded" | "failed" | "cancelled";

export interface PaymentIntentResult {
  /** The provider's id of the intent (`pi_...`). */
  providerReference: string;
  status: PaymentStatus;
  /** Handed to the storefront to complete the payment (a card form's client secret); never stored in logs. */
  clientSecret?: string | null;
}

export interface CaptureInput {
  organizationId: string;
  providerReference: string;
  /** Minor units; the whole authorised amount when absent. */
  amount?: number;
  idempotencyKey: string;
}

export interface RefundInput {
  organizationId: string;
  providerReference: string;
  /** Minor units. */
  amount: number;
  currency: string;
  idempotencyKey: string;
}

export interface PaymentOperationResult {
  providerReference: string;
  status: PaymentStatus | "refunded";
}

export interface PaymentWebhookDelivery {
  /** The body exactly as received: signatures are computed over these bytes. */
  rawBody: Buffer;
  /** Lower-case header names, as Node gives them. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The receiver's clock, for the signature's tolerance. */
  now: Date;
}

/** What a verified delivery means to the store. */
export type PaymentWebhookAction = "payment_succeeded" | "payment_failed" | "refunded" | "other";

export interface PaymentWebhookEvent {
  /** The provider's event id: a delivery of an id already recorded is a replay and changes nothing. */
  eventId: string;
  /** The provider's event type (`payment_intent.succeeded`). */
  type: string;
  action: PaymentWebhookAction;
  /** The order the payment is for (`metadata.orderId`), when the event names one. */
  orderId: string | null;
  providerReference: string | null;
  /**
   * The payment's amount in minor units and its currency (any case), when the event carries them. A
   * `payment_succeeded` confirms an order only when the intent id, amount and currency all match the
   * order's recorded intent; an adapter that leaves them null never confirms one.
   */
  amount: number | null;
  currency: string | null;
  /** The verified payload, recorded with the delivery. */
  payload: unknown;
}

/** A delivery that is not authentic or not readable; answered 400, recorded nowhere. */
export class PaymentWebhookRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "PaymentWebhookRejected";
  }
}
