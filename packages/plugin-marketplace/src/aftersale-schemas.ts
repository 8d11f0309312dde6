import { z } from "zod";
import { paginationQuery } from "@unified-commerce/plugin-sdk";

/**
 * A dispute about a sub-order (`disputeMoves` in marketplace-states.ts): `open` → `responded` (the
 * vendor answers) → `escalated` (the customer or staff take it further; also straight from `open`) →
 * `resolved` (staff decide, from any of them). `resolved` is final.
 */
export const disputeStatusSchema = z.enum(["open", "responded", "escalated", "resolved"]);

/** Who a resolution favours; `adjustment` moves money in the vendor's ledger with it. */
export const disputeOutcomeSchema = z.enum(["customer", "vendor"]);

export const disputeSchema = z.object({
  id: z.string(),
  subOrderId: z.string(),
  vendorId: z.string(),
  orderId: z.string(),
  customerId: z.string().nullable(),
  status: disputeStatusSchema,
  reason: z.string(),
  description: z.string().nullable(),
  vendorResponse: z.string().nullable(),
  escalationNote: z.string().nullable(),
  outcome: disputeOutcomeSchema.nullable(),
  resolutionNote: z.string().nullable(),
  /** Signed minor units written to the vendor's ledger by the resolution (negative: charged to the vendor). */
  adjustment: z.number().int().nullable(),
  openedBy: z.string(),
  respondedAt: z.string().nullable(),
  escalatedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const openDisputeInput = z.object({
  subOrderId: z.uuid(),
  reason: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(5000).optional(),
});

export const respondDisputeInput = z.object({ response: z.string().trim().min(1).max(5000) });

export const escalateDisputeInput = z.object({ note: z.string().trim().min(1).max(5000).optional() });

export const resolveDisputeInput = z.object({
  outcome: disputeOutcomeSchema,
  note: z.string().trim().min(1).max(5000).optional(),
  /** Signed minor units for the vendor's ledger (an `adjustment` entry in the sub-order's currency). */
  adjustment: z.number().int().min(-1_000_000_000).max(1_000_000_000).optional(),
});

export const listDisputesQuery = paginationQuery.extend({
  status: disputeStatusSchema.optional(),
  vendorId: z.uuid().optional(),
});

/**
 * A return of some units of a sub-order (`returnMoves`): `requested` → `shipped_back` (the customer sent
 * them, with a tracking number) → `received` (the vendor or staff got them: the order refunds them, by the
 * order's own refund rules, in the same transaction).
 */
export const returnStatusSchema = z.enum(["requested", "shipped_back", "received"]);

export const returnLineSchema = z.object({ orderLineId: z.string(), quantity: z.number().int() });

export const returnSchema = z.object({
  id: z.string(),
  subOrderId: z.string(),
  vendorId: z.string(),
  orderId: z.string(),
  customerId: z.string().nullable(),
  status: returnStatusSchema,
  reason: z.string(),
  lines: z.array(returnLineSchema),
  trackingNumber: z.string().nullable(),
  /** The order's refund made when the return was received. */
  refundId: z.string().nullable(),
  refundAmount: z.number().int().nullable(),
  shippedBackAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const openReturnInput = z.object({
  subOrderId: z.uuid(),
  reason: z.string().trim().min(1).max(500),
  lines: z
    .array(z.object({ orderLineId: z.uuid(), quantity: z.number().int().min(1).max(1_000_000) }))
    .min(1)
    .max(100),
});

export const shipBackInput = z.object({ trackingNumber: z.string().trim().min(1).max(100) });

/** A review of a vendor by a customer who bought from it; hidden reviews are not shown to the public. */
export const reviewStatusSchema = z.enum(["published", "hidden"]);

export const reviewSchema = z.object({
  id: z.string(),
  vendorId: z.string(),
  subOrderId: z.string(),
  /** The buyer's customer id: staff and the vendor see it, the public list never does. */
  customerId: z.string(),
  /**
   * What the public sees of the reviewer, fixed when the review is written: the first word of the
   * customer's name and the initial of the last ("Sam S."), or "Verified buyer" without a name.
   */
  reviewerName: z.string(),
  rating: z.number().int(),
  title: z.string().nullable(),
  body: z.string().nullable(),
  status: reviewStatusSchema,
  moderationNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * `GET /vendors/:id/reviews`: the buyer's id and the moderation note are staff's (`marketplace:read`) only;
 * anyone else reads the reviewer's display name.
 */
export const listedReviewSchema = reviewSchema.extend({
  customerId: z.string().optional(),
  moderationNote: z.string().nullable().optional(),
});

export const createReviewInput = z.object({
  subOrderId: z.uuid(),
  rating: z.number().int().min(1).max(5),
  title: z.string().trim().min(1).max(200).optional(),
  body: z.string().trim().min(1).max(5000).optional(),
});

export const moderateReviewInput = z
  .object({ status: reviewStatusSchema, moderationNote: z.string().trim().min(1).max(500).nullable() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "Name at least one field");

export const listReviewsQuery = paginationQuery.extend({ status: reviewStatusSchema.optional() });
