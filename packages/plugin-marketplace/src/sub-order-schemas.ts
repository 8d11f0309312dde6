import { z } from "zod";
import { paginationQuery } from "@unified-commerce/plugin-sdk";

/**
 * Where a vendor's part of an order stands (`subOrderMoves` in marketplace-states.ts): `pending` when
 * checkout made it; the vendor (or staff) moves it `confirmed` → `shipped` → `delivered`; `cancelled`
 * from `pending` or `confirmed` (and whenever its order is cancelled before shipping).
 */
export const subOrderStatusSchema = z.enum(["pending", "confirmed", "shipped", "delivered", "cancelled"]);

/** How a line's commission was computed. */
export const commissionTypeSchema = z.enum(["percentage", "fixed"]);

/** One order line of a sub-order, with the commission recorded when the order was placed. */
export const subOrderLineSchema = z.object({
  id: z.string(),
  /** The order line (`lineItemId` of the order). */
  orderLineId: z.string(),
  entityId: z.string(),
  variantId: z.string().nullable(),
  title: z.string(),
  quantity: z.number().int(),
  /** What the customer paid for the line (the order line's `total`), minor units. */
  total: z.number().int(),
  /** The marketplace's share of `total`. */
  commission: z.number().int(),
  /** The rule that set it; null when no rule matched (no commission). */
  commissionRuleId: z.string().nullable(),
  commissionType: commissionTypeSchema.nullable(),
  commissionRateBps: z.number().int().nullable(),
  refundedQuantity: z.number().int(),
  refundedAmount: z.number().int(),
  refundedCommission: z.number().int(),
});

/**
 * A shipping method of the order (the shipping module's, as checkout charged it) as a sub-order carries
 * it: the option, and the sub-order's share of its price (see the README's "Shipping of sub-orders").
 */
export const subOrderShippingMethodSchema = z.object({
  optionId: z.string(),
  profileId: z.string().nullable(),
  name: z.string(),
  isPickup: z.boolean(),
  warehouseId: z.string().nullable(),
  /** The sub-order's share of the method's price, its tax included (minor units). */
  gross: z.number().int(),
  /** The tax inside `gross`. */
  tax: z.number().int(),
});

/** A vendor's part of an order: its lines, what it earns and how it is fulfilled. */
export const subOrderSummarySchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  vendorId: z.string(),
  customerId: z.string().nullable(),
  status: subOrderStatusSchema,
  currency: z.string(),
  /** Sum of the lines' totals. */
  total: z.number().int(),
  commissionTotal: z.number().int(),
  /** How the sub-order ships: the order's methods that ship its lines, with its share of each. */
  shippingMethods: z.array(subOrderShippingMethodSchema),
  /** Sum of `shippingMethods[].gross`: shipping the vendor is paid for (no commission on it). */
  shippingTotal: z.number().int(),
  /** `total + shippingTotal - commissionTotal`: what the vendor earns before refunds. */
  vendorTotal: z.number().int(),
  /** Whether the sale is in the vendor's ledger: once the order is paid (confirmed). */
  isSettled: z.boolean(),
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  shippedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const subOrderSchema = subOrderSummarySchema.extend({ lines: z.array(subOrderLineSchema) });

export const listSubOrdersQuery = paginationQuery.extend({
  status: subOrderStatusSchema.optional(),
  vendorId: z.uuid().optional(),
  orderId: z.uuid().optional(),
});

export const listOwnSubOrdersQuery = paginationQuery.extend({ status: subOrderStatusSchema.optional() });

/** `POST /vendor/me/orders/:id/ship`. */
export const shipSubOrderInput = z.object({
  trackingNumber: z.string().trim().min(1).max(100),
  carrier: z.string().trim().min(1).max(100).optional(),
});

/** `POST /vendor/me/orders/:id/cancel`. */
export const cancelSubOrderInput = z.object({ reason: z.string().trim().min(1).max(500).optional() });

/** `PATCH /sub-orders/:id/status`: staff move a sub-order along the same machine as its vendor. */
export const changeSubOrderStatusInput = z
  .object({
    status: subOrderStatusSchema.exclude(["pending"]),
    trackingNumber: z.string().trim().min(1).max(100).optional(),
    carrier: z.string().trim().min(1).max(100).optional(),
    reason: z.string().trim().min(1).max(500).optional(),
  })
  .refine((body) => body.status !== "shipped" || body.trackingNumber !== undefined, {
    message: "A shipped sub-order needs its trackingNumber",
    path: ["trackingNumber"],
  });
