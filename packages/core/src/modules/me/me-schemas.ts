import { z } from "zod";
import { createdCartSchema } from "../carts/index.js";
import { customerSchema } from "../customers/index.js";
import { listOrdersQuery, orderStatusSchema } from "../orders/index.js";

// The answers of `/api/me` that are its own; orders, carts and addresses keep their modules' schemas.

/**
 * `:idOrNumber` of `/api/me/orders/...`: an order's UUID or its number
 * (`ORD-2026-000042`). Anything else, or another customer's order, is a 404; past 64 characters a 422.
 */
export const myOrderParams = z.object({ idOrNumber: z.string().min(1).max(64) });

/** `:orderId` of the downloads and reorder routes (the spec's name): the same UUID or number. */
export const myOrderIdParams = z.object({ orderId: z.string().min(1).max(64) });

/** `GET /api/me/orders`: `status`, `page`, `limit` (1 to 100, default 20); newest first. */
export const listMyOrdersQuery = listOrdersQuery;

/** Units of one order line a shipment carried, named as the order names them. */
export const shippedLineSchema = z.object({
  lineItemId: z.string(),
  entityId: z.string(),
  variantId: z.string().nullable(),
  title: z.string(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
});

/** One shipment of the order: who carries it, how to follow it, and what it holds. */
export const shipmentSchema = z.object({
  id: z.string(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The carrier's page for this parcel (http or https). */
  trackingUrl: z.string().nullable(),
  /** When the shipment was recorded. */
  shippedAt: z.string(),
  lines: z.array(shippedLineSchema),
  /**
   * Where the parcel is, from the fulfillment provider's tracking (`created`, `in_transit`, `delivered`, ...);
   * null for a shipment staff recorded by hand.
   */
  trackingStatus: z.string().nullable(),
  /** The provider's tracking events, oldest first. */
  trackingEvents: z.array(
    z.object({
      status: z.string(),
      description: z.string().nullable(),
      location: z.string().nullable(),
      occurredAt: z.string(),
    }),
  ),
});

/** How far one order line has shipped. */
export const lineProgressSchema = z.object({
  lineItemId: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  fulfilledQuantity: z.number().int(),
});

/** `GET /api/me/orders/:idOrNumber/tracking`: the order's status, its shipments newest first, and each line's progress. */
export const orderTrackingSchema = z.object({
  orderId: z.string(),
  number: z.string(),
  /** `fulfilled` once every unit shipped, `partially_fulfilled` before. */
  status: orderStatusSchema,
  shipments: z.array(shipmentSchema),
  lines: z.array(lineProgressSchema),
});

/** One downloadable file of an order: a signed link that works without credentials until `expiresAt`. */
export const orderDownloadSchema = z.object({
  lineItemId: z.string(),
  entityId: z.string(),
  variantId: z.string().nullable(),
  /** The line's title when the order was placed. */
  title: z.string(),
  mediaAssetId: z.string(),
  filename: z.string().nullable(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  /** `/api/media/:id/file?expires=...&signature=...`, relative to the API's origin. */
  url: z.string(),
  expiresAt: z.string(),
});

/** Why a line of the earlier order was left out of the new cart. */
export const reorderSkipReasonSchema = z.enum(["deleted", "unpublished", "discontinued", "no_price"]);

/** A line of the earlier order that is no longer sold as it was. */
export const skippedLineSchema = z.object({
  entityId: z.string(),
  variantId: z.string().nullable(),
  title: z.string(),
  quantity: z.number().int(),
  reason: reorderSkipReasonSchema,
});

/** `POST /api/me/orders/:orderId/reorder`: the new cart, with its token (shown only here), priced today. */
export const reorderCartSchema = createdCartSchema;

/** `GET, PATCH /api/me/profile`: the customer's profile without staff's `metadata`. */
export const myProfileSchema = customerSchema.omit({ metadata: true });

/** `DELETE /api/me/addresses/:id`. */
export const myAddressParams = z.object({ id: z.uuid() });
