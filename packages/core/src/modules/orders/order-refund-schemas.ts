import { z } from "zod";

// The refund records, defined once: their answers, their types and their tables (order-aftersale-tables.ts)
// derive from these schemas.

/**
 * Where a refund stands. `pending_payout`: recorded, still undoable, the money not yet sent; `undone`:
 * taken back within the undo window; `paid_out`: the payment provider refunded it; `payout_failed`: the
 * last attempt of the payout job failed (an administrator retries the job).
 */
export const refundStatusSchema = z.enum(["pending_payout", "undone", "paid_out", "payout_failed"]);

/** One refunded line: how many units and what the server computed for them, in minor units. */
export const refundLineSchema = z.object({
  lineItemId: z.string(),
  quantity: z.number().int(),
  amount: z.number().int(),
});

/** A refund of some units of an order's lines, by one operator. */
export const refundSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  status: refundStatusSchema,
  /** The lines' amounts plus `shippingAmount`, computed by the server. */
  amount: z.number().int(),
  /** What this refund gave back of the order's shipping (0 for a refund of lines only). */
  shippingAmount: z.number().int(),
  currency: z.string(),
  reason: z.string().nullable(),
  lines: z.array(refundLineSchema),
  /** The operator who refunded (a user or an API key id); their daily cap carries the amount. */
  actorId: z.string(),
  /**
   * The API key the refund was made with, when it was one (null for a signed-in session): a key minted
   * for a user refunds in that user's name (`actorId`), and this says which of their credentials did it.
   */
  credentialId: z.string().nullable(),
  /** The operator's calendar day (the store's time zone) whose cap carries the amount. */
  capDay: z.string(),
  createdAt: z.string(),
  /** Until when `POST .../undo` takes it back; the money goes to the provider after it. */
  undoUntil: z.string(),
  undoneAt: z.string().nullable(),
  paidOutAt: z.string().nullable(),
  /** The provider's reference of the refund, once paid out. */
  providerReference: z.string().nullable(),
  /** Calls made to the payment provider for it so far. */
  payoutAttempts: z.number().int(),
  /** The last payout attempt's error, while the job retries. */
  payoutError: z.string().nullable(),
});

/**
 * `POST /api/orders/:id/refunds`: units per line and, optionally, shipping; the amount is never the client's
 * to say. At least one line or `shipping`.
 */
export const createRefundInput = z.object({
  lines: z
    .array(z.object({ lineItemId: z.uuid(), quantity: z.number().int().min(1).max(1_000_000) }))
    .max(100)
    .default([]),
  /**
   * The order's shipping: `true` for all of it not yet refunded, or an amount (minor units) up to that.
   * Omitted: none.
   */
  shipping: z.union([z.literal(true), z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)]).optional(),
  reason: z.string().max(500).optional(),
  /**
   * A one-time approval a plugin issued for this refund (for example a point-of-sale manager override),
   * handed to `orders.beforeRefund` handlers, which may let the refund past the daily cap for it.
   */
  approval: z.string().min(1).max(200).optional(),
});

/** `GET /api/orders/refunds/cap`: the acting operator's daily cap today. `cap` and `left` are null without a cap. */
export const refundCapStatusSchema = z.object({
  day: z.string(),
  timezone: z.string(),
  cap: z.number().int().nullable(),
  used: z.number().int(),
  left: z.number().int().nullable(),
});
