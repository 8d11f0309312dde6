import { z } from "zod";
import { paginationQuery } from "../../http/pagination.js";
import { shippingMethodSchema } from "../shipping/index.js";

// Each record is defined once, here: its answer, its TypeScript type and its table's columns
// (`TableOf` in orders-tables.ts) derive from the schema.

/** The spec's order statuses; `cancelled` is the state cancelling reaches. */
export const orderStatusSchema = z.enum([
  "pending",
  "confirmed",
  "processing",
  "partially_fulfilled",
  "fulfilled",
  "refunded",
  "cancelled",
]);

/** Where an order ships. */
export const shippingAddressSchema = z.object({
  line1: z.string(),
  city: z.string(),
  state: z.string().optional(),
  postalCode: z.string(),
  country: z.string(),
});

/** One line of an order: the price, discount share and tax share checkout computed, in minor units. */
export const orderLineSchema = z.object({
  lineItemId: z.string(),
  entityId: z.string(),
  variantId: z.string().nullable(),
  /** The entity's title when the order was placed. */
  title: z.string(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  /** Refunded so far; at most `quantity`. */
  refundedQuantity: z.number().int(),
  /** Shipped so far by fulfillments; at most `quantity`. */
  fulfilledQuantity: z.number().int(),
  /** Server-resolved price of one unit. */
  unitPrice: z.number().int(),
  /** `unitPrice × quantity`. */
  subtotal: z.number().int(),
  /** This line's share of the order's discounts. */
  discount: z.number().int(),
  /** This line's tax. */
  tax: z.number().int(),
  total: z.number().int(),
  /** Rate the tax was computed at, in basis points. */
  taxRateBps: z.number().int(),
});

/** An order, addressed by `id` or by `number` (`ORD-YYYY-NNNNNN`). */
export const orderSchema = z.object({
  id: z.string(),
  /** `ORD-<year>-<counter>`: gapless per organization and year (the store's time zone), at least six digits. */
  number: z.string(),
  status: orderStatusSchema,
  /** The cart checked out. */
  cartId: z.string(),
  customerId: z.string().nullable(),
  currency: z.string(),
  /** Whether unit prices include tax (then `total` = `subtotal - discountTotal`). */
  isTaxInclusive: z.boolean(),
  paymentMethodId: z.string(),
  shippingAddress: shippingAddressSchema.nullable(),
  promotionCodes: z.array(z.string()),
  subtotal: z.number().int(),
  discountTotal: z.number().int(),
  taxTotal: z.number().int(),
  /**
   * Shipping charged on top of the lines, its tax included (`shippingTaxTotal`); part of `total`. The sum of
   * `shippingMethods[].gross`, or a server-priced rate of a plugin's own (the Agentic Checkout's, untaxed).
   */
  shippingTotal: z.number().int(),
  /** The tax inside `shippingTotal` (not in `taxTotal`, which is the lines'). */
  shippingTaxTotal: z.number().int(),
  /** The shipping options checkout charged, one per shipping profile the lines shipped with, priced by the server. */
  shippingMethods: z.array(shippingMethodSchema),
  total: z.number().int(),
  lines: z.array(orderLineSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** `ORD-2026-000042`: four digits of year, at least six of counter. */
export const ORDER_NUMBER = /^ORD-\d{4}-\d{6,}$/;

/**
 * What a timeline entry records: a status move, a note, a refund (and its undo), or a shipment's news from
 * the shipping module (created with its tracking, a carrier's tracking event, a cancellation).
 */
export const timelineEntryTypeSchema = z.enum(["status", "note", "refund", "shipment"]);

/** Who did something on an order: a staff user, an API key, or the system (a payment webhook); null when unknown. */
export const timelineActorSchema = z.object({ id: z.string(), type: z.enum(["user", "apiKey", "system"]) }).nullable();

/** One entry of an order's timeline: status changes, notes, refunds and undos, shipments, newest first. */
export const timelineEntrySchema = z.object({
  id: z.string(),
  type: timelineEntryTypeSchema,
  at: z.string(),
  actor: timelineActorSchema,
  /** One human line: "Status changed from confirmed to processing". */
  summary: z.string(),
  /** The entry's detail (`{ from, to, reason }`, `{ noteId, pinned }`, `{ refundId, ... }`). */
  data: z.record(z.string(), z.unknown()),
});

/** A staff note on an order; pinned notes list first. */
export const orderNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  pinned: z.boolean(),
  /** Who wrote it (a user or an API key id). */
  authorId: z.string().nullable(),
  createdAt: z.string(),
});

/** `POST /api/orders/:id/notes`. */
export const createOrderNoteInput = z.object({
  body: z.string().min(1).max(2000),
  pinned: z.boolean().default(false),
});

/** `PATCH /api/orders/:id/status`: the target status and why (kept in the event and the timeline). */
export const changeOrderStatusInput = z.object({
  status: orderStatusSchema,
  reason: z.string().min(1).max(500).optional(),
});

/** An order in a list: every field but its lines (read the order for them). */
export const orderSummarySchema = orderSchema.omit({ lines: true });

/** `GET /api/orders`: newest first, optionally of one status. */
export const listOrdersQuery = paginationQuery.extend({ status: orderStatusSchema.optional() });
