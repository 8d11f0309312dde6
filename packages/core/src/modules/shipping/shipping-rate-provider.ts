import type { OutboundClient } from "../../http/outbound/outbound-client.js";
import type { ShippingAddress } from "./shipping-quote.js";

/**
 * What the shipping module hands a provider with each call. A provider that calls its carrier does so
 * through `outbound` (never `fetch`): the deployment's address policy, timeouts and size limit hold.
 */
export interface ShippingCallContext {
  /** The kernel's guarded HTTP client (`services.outbound`). */
  outbound: OutboundClient;
}

/** What a carrier is asked to price: one group of lines (a parcel) going to an address. */
export interface ShippingRateRequest {
  organizationId: string;
  /** The option being priced (its `rateProviderId` names this provider). */
  optionId: string;
  /** ISO 4217: the amount answered is in its minor units. */
  currency: string;
  /** Null for a cart without an address (a carrier then usually answers null). */
  address: ShippingAddress | null;
  parcel: {
    weightGrams: number;
    itemCount: number;
    /** The lines' discounted subtotal in the cart's minor units. */
    subtotal: number;
    lines: readonly { entityId: string; variantId: string | null; quantity: number }[];
  };
  /** Aborted once `shipping.rateTimeoutMs` passed: stop the call, nobody reads its answer any more. */
  signal: AbortSignal;
}

/** A carrier's price for a parcel, in the request's currency (before tax, as the store's prices are). */
export interface ShippingRate {
  amount: number;
}

/**
 * A carrier that prices parcels (`calculator: "carrier"` options name it by `rateProviderId`). Register
 * it in `shipping.rateProviders`, as payment adapters are. `quote` answers null when the carrier does not
 * serve the parcel; a throw or a timeout uses the option's fallback (`rates[currency].amount`) when it has
 * one, else the option does not apply (`CARRIER_UNAVAILABLE`).
 */
export interface ShippingRateProvider {
  /** Unique among the configured providers. */
  id: string;
  quote(request: ShippingRateRequest, context: ShippingCallContext): Promise<ShippingRate | null>;
}
