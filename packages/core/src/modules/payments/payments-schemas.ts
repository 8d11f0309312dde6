import { z } from "zod";
import type { PaymentStatus, PaymentWebhookAction } from "./payment-adapter.js";

// Each record is defined once, here: its TypeScript type and its table's columns (`TableOf` in
// payments-tables.ts) derive from the schema.

export const paymentStatusSchema = z.enum([
  "pending",
  "requires_action",
  "authorized",
  "succeeded",
  "failed",
  "cancelled",
] as const satisfies readonly PaymentStatus[]);

export const paymentWebhookActionSchema = z.enum([
  "payment_succeeded",
  "payment_failed",
  "refunded",
  "other",
] as const satisfies readonly PaymentWebhookAction[]);

/**
 * A payment asked of a provider for an order. Its `id` is the idempotency key of every call to the
 * provider about it, so retries of the job that calls never create a second payment.
 */
export const paymentIntentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  /** The adapter's id. */
  provider: z.string(),
  /** As given at checkout (`card:pm_123`). */
  paymentMethodId: z.string(),
  /** The provider's id of the payment (`pi_...`), once the provider answered. */
  providerReference: z.string().nullable(),
  status: paymentStatusSchema,
  /** Minor units. */
  amount: z.number().int(),
  currency: z.string(),
  /** Calls made to the provider. */
  attempts: z.number().int(),
  /** The provider's last refusal or failure. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A verified webhook delivery, recorded once per provider event id. */
export const paymentWebhookEventSchema = z.object({
  id: z.string(),
  provider: z.string(),
  eventId: z.string(),
  type: z.string(),
  action: paymentWebhookActionSchema,
  /** The organization's order the event confirmed; null when it named none of this organization's. */
  orderId: z.string().nullable(),
  /**
   * Why a `payment_succeeded` confirmed nothing: its intent id, amount or currency is not the order's
   * recorded intent's. Null when it matched, or for other events.
   */
  mismatch: z.string().nullable(),
  payload: z.unknown(),
  receivedAt: z.string(),
});

/** What `POST /payments/webhook/:provider` answers to a verified delivery. */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  /** The event id was recorded before: nothing changed. */
  duplicate: z.boolean(),
});

/** An order's payment as checkout answers it: the intent to follow (`GET /payments/intents/:id`). */
export const paymentSummarySchema = paymentIntentSchema.pick({ id: true, provider: true, status: true });

/**
 * An intent as the storefront reads it to complete the payment. `clientSecret` is the provider's (a
 * card form's), null until the create-intent job got the provider's answer, and for providers without
 * one (`manual`).
 */
export const paymentIntentAnswerSchema = paymentIntentSchema
  .pick({ id: true, orderId: true, provider: true, status: true, amount: true, currency: true, lastError: true })
  .extend({ clientSecret: z.string().nullable() });

export type PaymentSummary = z.output<typeof paymentSummarySchema>;
export type PaymentIntentAnswer = z.output<typeof paymentIntentAnswerSchema>;
