import { z } from "zod";

// Each record is defined once, here: its answer, its TypeScript type and its table's columns
// (`TableOf` in orders-tables.ts) derive from the schema.

/** The spec's order statuses; `cancelled` is the state cancelling reaches. */
export const orderStatusSchema = z.enum(["pending", "confirmed", "processing", "partially_fulfilled", "fulfilled", "refunded", "cancelled"]);

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
  total: z.number().int(),
  lines: z.array(orderLineSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** `ORD-2026-000042`: four digits of year, at least six of counter. */
export const ORDER_NUMBER = /^ORD-\d{4}-\d{6,}$/;
