import { z } from "zod";

// The fulfillment records, defined once: their answers, their types and their tables
// (order-aftersale-tables.ts) derive from these schemas.

/** Units of one order line shipped by a fulfillment. */
export const fulfillmentLineSchema = z.object({
  lineItemId: z.string(),
  quantity: z.number().int(),
});

/** A shipment of some units of an order's lines. */
export const fulfillmentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  lines: z.array(fulfillmentLineSchema),
  /** Who recorded it (a user or an API key id). */
  actorId: z.string(),
  createdAt: z.string(),
});

/** `POST /api/orders/:id/fulfillments`. */
export const createFulfillmentInput = z.object({
  lines: z
    .array(z.object({ lineItemId: z.uuid(), quantity: z.number().int().min(1).max(1_000_000) }))
    .min(1)
    .max(100),
  carrier: z.string().min(1).max(100).optional(),
  trackingNumber: z.string().min(1).max(200).optional(),
  trackingUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
});
