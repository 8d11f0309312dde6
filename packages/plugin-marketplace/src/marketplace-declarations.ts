import { z } from "zod";
import { defineEvents, type EventPayloadsOf } from "@unified-commerce/plugin-sdk";
import { disputeStatusSchema, returnStatusSchema, reviewStatusSchema } from "./aftersale-schemas.js";
import { payoutStatusSchema } from "./ledger-schemas.js";
import type { MarketplaceService } from "./marketplace-service.js";
import { subOrderStatusSchema } from "./sub-order-schemas.js";
import { documentStatusSchema, vendorStatusSchema } from "./vendor-schemas.js";

const vendorRef = { vendorId: z.string() };

/** Events the plugin emits, each in the transaction of its change: webhooks and the audit log see them. */
export const marketplaceEvents = defineEvents({
  "marketplace.vendorCreate": {
    description: "A vendor was created (pending approval)",
    payload: z.object({ ...vendorRef, name: z.string(), slug: z.string() }),
  },
  "marketplace.vendorUpdate": {
    description: "A vendor's profile was changed",
    payload: z.object({ ...vendorRef, fields: z.array(z.string()) }),
  },
  "marketplace.vendorStatusChange": {
    description: "A vendor was approved, rejected, suspended or reinstated",
    payload: z.object({
      ...vendorRef,
      from: vendorStatusSchema,
      to: vendorStatusSchema,
      reason: z.string().nullable(),
    }),
  },
  "marketplace.documentCreate": {
    description: "A vendor document was uploaded for review",
    payload: z.object({ ...vendorRef, documentId: z.string(), type: z.string() }),
  },
  "marketplace.documentReview": {
    description: "A vendor document was approved or rejected",
    payload: z.object({
      ...vendorRef,
      documentId: z.string(),
      status: documentStatusSchema,
      reason: z.string().nullable(),
    }),
  },
  "marketplace.memberChange": {
    description: "A user started or stopped acting for a vendor (stopping revokes their vendor keys)",
    payload: z.object({ ...vendorRef, userId: z.string(), isMember: z.boolean() }),
  },
  "marketplace.vendorKeyCreate": {
    description:
      "A vendor key was minted for a member (the actor is who minted it; the key itself is never in the payload)",
    payload: z.object({ ...vendorRef, apiKeyId: z.string(), userId: z.string(), expiresAt: z.string().nullable() }),
  },
  "marketplace.vendorKeyRevoke": {
    description: "A vendor key was revoked, by itself or with its member's removal",
    payload: z.object({
      ...vendorRef,
      apiKeyId: z.string(),
      userId: z.string(),
      reason: z.enum(["revoked", "memberRemoved"]),
    }),
  },
  "marketplace.entityAssign": {
    description: "A catalog entity was assigned to a vendor or taken from it",
    payload: z.object({ ...vendorRef, entityId: z.string(), isAssigned: z.boolean() }),
  },
  "marketplace.commissionRuleChange": {
    description: "A commission rule was created, changed or deleted",
    payload: z.object({ ruleId: z.string(), change: z.enum(["create", "update", "delete"]) }),
  },
  "marketplace.subOrderCreate": {
    description: "Checkout split an order: one sub-order per vendor",
    payload: z.object({
      ...vendorRef,
      subOrderId: z.string(),
      orderId: z.string(),
      total: z.number().int(),
      commissionTotal: z.number().int(),
      /** The sub-order's share of the order's shipping (its methods'). */
      shippingTotal: z.number().int(),
      currency: z.string(),
    }),
  },
  "marketplace.subOrderStatusChange": {
    description: "A sub-order was confirmed, shipped, delivered or cancelled",
    payload: z.object({
      ...vendorRef,
      subOrderId: z.string(),
      orderId: z.string(),
      from: subOrderStatusSchema,
      to: subOrderStatusSchema,
      trackingNumber: z.string().nullable(),
    }),
  },
  "marketplace.payoutCreate": {
    description: "A payout run queued a payout",
    payload: z.object({ ...vendorRef, payoutId: z.string(), amount: z.number().int(), currency: z.string() }),
  },
  "marketplace.payoutStatusChange": {
    description: "A payout was paid, failed or queued again",
    payload: z.object({ ...vendorRef, payoutId: z.string(), status: payoutStatusSchema, error: z.string().nullable() }),
  },
  "marketplace.disputeOpen": {
    description: "A dispute was opened on a sub-order",
    payload: z.object({ ...vendorRef, disputeId: z.string(), subOrderId: z.string(), reason: z.string() }),
  },
  "marketplace.disputeStatusChange": {
    description: "A dispute was answered, escalated or resolved",
    payload: z.object({ ...vendorRef, disputeId: z.string(), from: disputeStatusSchema, to: disputeStatusSchema }),
  },
  "marketplace.returnOpen": {
    description: "A return was requested on a sub-order",
    payload: z.object({ ...vendorRef, returnId: z.string(), subOrderId: z.string() }),
  },
  "marketplace.returnStatusChange": {
    description: "A return was shipped back or received (and refunded)",
    payload: z.object({
      ...vendorRef,
      returnId: z.string(),
      from: returnStatusSchema,
      to: returnStatusSchema,
      refundId: z.string().nullable(),
    }),
  },
  "marketplace.reviewCreate": {
    description: "A customer reviewed a vendor",
    payload: z.object({ ...vendorRef, reviewId: z.string(), rating: z.number().int() }),
  },
  "marketplace.reviewUpdate": {
    description: "A review was moderated",
    payload: z.object({ ...vendorRef, reviewId: z.string(), status: reviewStatusSchema }),
  },
});

/** The job paying one payout through the payout adapter. */
export const PAY_PAYOUT_TASK = "marketplace/pay-payout";

declare module "@unified-commerce/plugin-sdk" {
  interface DomainEvents extends EventPayloadsOf<typeof marketplaceEvents> {}
  interface Services {
    marketplace: MarketplaceService;
  }
  interface TaskInputs {
    /** Pays one payout (once: a paid payout is left alone). */
    "marketplace/pay-payout": { payoutId: string };
  }
}
