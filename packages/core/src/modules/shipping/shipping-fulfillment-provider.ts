import type { ShippingAddress } from "./shipping-quote.js";
import type { ShippingCallContext } from "./shipping-rate-provider.js";

/** What a carrier is asked to ship: one fulfillment of an order. */
export interface CreateShipmentInput {
  organizationId: string;
  /** The shipment's id: pass it as the carrier's idempotency key, so a retried job never ships twice. */
  shipmentId: string;
  orderId: string;
  orderNumber: string;
  fulfillmentId: string;
  /** Null for a pickup. */
  address: ShippingAddress | null;
  /** The shipping option the order chose for these lines, when it names one. */
  optionId: string | null;
  lines: readonly { lineItemId: string; quantity: number }[];
}

/** The carrier's answer: how to follow the parcel, and its label. */
export interface CreatedShipment {
  trackingNumber: string;
  trackingUrl?: string | null;
  /** Where the label document is (a URL the carrier serves, or a data: URL). */
  labelUrl?: string | null;
}

/** Where a parcel is, as the order shows it. */
export type TrackingStatus = "in_transit" | "out_for_delivery" | "delivered" | "exception" | "returned";

/** One event of a carrier's tracking webhook, normalised. */
export interface TrackingEvent {
  /** The carrier's id of the event: a replayed delivery is recorded once. */
  eventId: string;
  trackingNumber: string;
  status: TrackingStatus;
  /** ISO 8601. */
  occurredAt: string;
  description?: string | null;
  /** Where the parcel was ("Leipzig hub"), as the carrier names it. */
  location?: string | null;
}

/** A tracking webhook as it arrived: verify the signature over the raw body. */
export interface TrackingWebhookDelivery {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A carrier that ships fulfillments (`fulfillmentProviderId` of a shipping option names it). Register it
 * in `shipping.fulfillmentProviders`. `createShipment` is called by the `shipping/create-shipment` job
 * after the fulfillment committed, retried with backoff, with the shipment's id as idempotency key.
 * Options without a provider are manual: staff type the tracking on the fulfillment.
 */
export interface FulfillmentProvider {
  /** Unique among the configured providers. */
  id: string;
  createShipment(input: CreateShipmentInput, context: ShippingCallContext): Promise<CreatedShipment>;
  /**
   * Cancels a shipment the carrier made (`POST /api/shipping/shipments/:id/cancel`): called by the
   * `shipping/cancel-shipment` job after the request committed, retried with backoff, with the shipment's
   * id as idempotency key. Without it, a shipment of this provider cannot be cancelled (409).
   */
  cancelShipment?(
    input: { organizationId: string; shipmentId: string; trackingNumber: string },
    context: ShippingCallContext,
  ): Promise<void>;
  /**
   * Verifies a tracking webhook (throw to refuse it: 400, nothing recorded) and answers its events.
   * Without it, the provider's webhook route answers 404.
   */
  parseTrackingWebhook?(delivery: TrackingWebhookDelivery): Promise<readonly TrackingEvent[]>;
}
