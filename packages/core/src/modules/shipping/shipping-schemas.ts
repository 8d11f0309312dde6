import { z } from "zod";
import { amountSchema } from "../../money/amount-schema.js";
import { currencySchema } from "../../money/currency-schema.js";

// Each record is defined once, here: its answer, its TypeScript type and its table's columns
// (`TableOf` in shipping-tables.ts) derive from the schema.

/** ISO 3166-1 alpha-2, upper case. */
export const countrySchema = z.string().regex(/^[A-Z]{2}$/, "an ISO 3166-1 alpha-2 code in upper case");

/** How an option's price is worked out from the lines it ships. */
export const SHIPPING_CALCULATORS = [
  "flat",
  "weight_bands",
  "subtotal_bands",
  "free_above",
  "per_item",
  "carrier",
] as const;

export type ShippingCalculator = (typeof SHIPPING_CALCULATORS)[number];

/** Where goods go: the shape checkout's `shippingAddress` has. */
export const shippingAddressSchema = z.object({
  line1: z.string().min(1).max(200),
  city: z.string().min(1).max(100),
  /** State, province or region: matched against a zone's `regions`. */
  state: z.string().min(1).max(100).optional(),
  postalCode: z.string().min(1).max(20),
  country: countrySchema,
});

/** A shipping profile: which products ship together (bulky goods apart, say). */
export const shippingProfileSchema = z.object({
  id: z.string(),
  /** Unique in the organization. */
  name: z.string(),
  /** Lines of products without a profile of their own ship with it; at most one per organization. */
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const shippingProfileBody = z.object({
  name: z.string().min(1).max(100),
  isDefault: z.boolean().optional(),
});

/** Where options are offered: countries, optionally narrowed to regions and postal-code patterns. */
export const shippingZoneSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The address's country must be one of them. */
  countries: z.array(z.string()),
  /** When not empty, the address's `state` must be one of them (compared without case). */
  regions: z.array(z.string()),
  /**
   * When not empty, the postal code must match one: `*` any run of characters, `?` one; case and spaces
   * ignored (`75*`, `SW1A*`, `1010`).
   */
  postalPatterns: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const shippingZoneBody = z.object({
  name: z.string().min(1).max(100),
  countries: z.array(countrySchema).min(1).max(300),
  regions: z.array(z.string().min(1).max(100)).max(500).optional(),
  postalPatterns: z
    .array(z.string().regex(/^[A-Za-z0-9 *?-]{1,20}$/, "letters, digits, spaces, -, * and ?"))
    .max(1000)
    .optional(),
});

/** One band: applies while the cart's weight (grams) or subtotal (minor units) is at most `upTo`. */
export const shippingBandSchema = z.object({
  /** Inclusive upper edge; null for the last, open band. */
  upTo: z.number().int().min(0).nullable(),
  amount: amountSchema,
});

/** An option's price and rules in one currency. */
export const shippingRateSchema = z.object({
  /**
   * `flat`: the price; `per_item`: per shippable unit; `free_above`: the price below the threshold;
   * `carrier`: the fallback when the carrier fails or times out (none: the option then does not apply).
   */
  amount: amountSchema.optional(),
  /** `free_above`: free from this discounted subtotal on (inclusive). */
  freeAbove: amountSchema.optional(),
  /** `weight_bands` (upTo in grams) and `subtotal_bands` (upTo in minor units), ascending. */
  bands: z.array(shippingBandSchema).max(50).optional(),
  /** The option applies from this discounted subtotal on (inclusive). */
  minSubtotal: amountSchema.optional(),
  /** The option applies up to this discounted subtotal (inclusive). */
  maxSubtotal: amountSchema.optional(),
});

/** A way to ship a profile's lines into a zone (or to collect them at a warehouse), priced per currency. */
export const shippingOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Null for a pickup option, which has no zone: the place is its warehouse. */
  zoneId: z.string().nullable(),
  profileId: z.string(),
  calculator: z.enum(SHIPPING_CALCULATORS),
  /** `carrier` options: the `shipping.rateProviders` entry that prices them. */
  rateProviderId: z.string().nullable(),
  /** The `shipping.fulfillmentProviders` entry that ships its fulfillments; null: manual (staff type the tracking). */
  fulfillmentProviderId: z.string().nullable(),
  /** Prices and subtotal rules by ISO 4217 currency; a cart in another currency is not offered it. */
  rates: z.record(z.string(), shippingRateSchema),
  /** Taxes the price; null: the store's default class (else the address's region rate). */
  taxClassId: z.string().nullable(),
  minWeightGrams: z.number().int().nullable(),
  maxWeightGrams: z.number().int().nullable(),
  isPickup: z.boolean(),
  /** The pickup place (pickup options only). */
  warehouseId: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const shippingOptionBody = z.object({
  name: z.string().min(1).max(200),
  zoneId: z.uuid().nullable().optional(),
  /** Omitted: the default profile (made, named `default`, when the store has none). */
  profileId: z.uuid().optional(),
  calculator: z.enum(SHIPPING_CALCULATORS),
  rateProviderId: z.string().min(1).max(100).nullable().optional(),
  fulfillmentProviderId: z.string().min(1).max(100).nullable().optional(),
  rates: z.record(currencySchema, shippingRateSchema),
  taxClassId: z.uuid().nullable().optional(),
  minWeightGrams: z.number().int().min(0).nullable().optional(),
  maxWeightGrams: z.number().int().min(0).nullable().optional(),
  isPickup: z.boolean().optional(),
  warehouseId: z.uuid().nullable().optional(),
  isActive: z.boolean().optional(),
});

/** Physical attributes of an entity (variantId null: the default of its variants) or of one variant. */
export const shippingAttributesSchema = z.object({
  entityId: z.string(),
  variantId: z.string().nullable(),
  /** Null: inherited (the entity's for a variant), else 0. */
  weightGrams: z.number().int().nullable(),
  lengthMm: z.number().int().nullable(),
  widthMm: z.number().int().nullable(),
  heightMm: z.number().int().nullable(),
  /** False for digital goods and services; null: inherited, else true. */
  requiresShipping: z.boolean().nullable(),
  /** Harmonized System code, for customs. */
  hsCode: z.string().nullable(),
  originCountry: z.string().nullable(),
  /** Null: inherited, else the default profile. */
  profileId: z.string().nullable(),
  updatedAt: z.string(),
});

const dimension = z.number().int().min(0).max(100_000_000).nullable().optional();

/** Body of `PUT /shipping/attributes`: omitted fields keep their value, null clears one (back to inherited). */
export const shippingAttributesBody = z.object({
  entityId: z.uuid(),
  variantId: z.uuid().nullable().optional(),
  weightGrams: dimension,
  lengthMm: dimension,
  widthMm: dimension,
  heightMm: dimension,
  requiresShipping: z.boolean().nullable().optional(),
  hsCode: z
    .string()
    .regex(/^[0-9.]{4,14}$/, "digits and dots, 4 to 14")
    .nullable()
    .optional(),
  originCountry: countrySchema.nullable().optional(),
  profileId: z.uuid().nullable().optional(),
});

/** Why an option does not apply to a cart. */
export const SHIPPING_INELIGIBLE_REASONS = [
  "ADDRESS_REQUIRED",
  "ZONE_MISMATCH",
  "CURRENCY_NOT_PRICED",
  "SUBTOTAL_BELOW_MINIMUM",
  "SUBTOTAL_ABOVE_MAXIMUM",
  "WEIGHT_BELOW_MINIMUM",
  "WEIGHT_ABOVE_MAXIMUM",
  "NO_BAND",
  /** The carrier failed or timed out, and the option has no fallback amount. */
  "CARRIER_UNAVAILABLE",
  /** The carrier does not serve this parcel or address. */
  "CARRIER_DECLINED",
] as const;

export type ShippingIneligibleReason = (typeof SHIPPING_INELIGIBLE_REASONS)[number];

/** An option priced for a group of lines. */
export const quotedShippingOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  calculator: z.enum(SHIPPING_CALCULATORS),
  isPickup: z.boolean(),
  warehouseId: z.string().nullable(),
  isApplicable: z.boolean(),
  /** Why it does not apply (answered only when asked for with `explain`). */
  reason: z.enum(SHIPPING_INELIGIBLE_REASONS).nullable(),
  /** Where the price came from: the option's own rates, the carrier, or the fallback when the carrier failed. */
  rateSource: z.enum(["table", "carrier", "fallback"]),
  /** True when a `free_shipping` promotion or the `free_above` threshold makes it free. */
  isFree: z.boolean(),
  /** The price as the store set it: net when the cart's prices exclude tax, gross when they include it. */
  amount: z.number().int(),
  taxClassId: z.string().nullable(),
  taxRateBps: z.number().int(),
  net: z.number().int(),
  tax: z.number().int(),
  /** What the buyer pays for it. */
  gross: z.number().int(),
});

/** The lines of one profile and the options that could ship them. */
export const shippingGroupSchema = z.object({
  profileId: z.string().nullable(),
  lines: z.array(z.object({ entityId: z.string(), variantId: z.string().nullable(), quantity: z.number().int() })),
  weightGrams: z.number().int(),
  /** The lines' discounted subtotal (minor units, as the cart's prices are). */
  subtotal: z.number().int(),
  options: z.array(quotedShippingOptionSchema),
});

/** What shipping a cart takes. */
export const shippingQuoteSchema = z.object({
  /** True when some line ships and the store has shipping options: checkout then needs one per group. */
  isRequired: z.boolean(),
  groups: z.array(shippingGroupSchema),
});

/** A chosen option as the cart and the order carry it. */
export const shippingMethodSchema = z.object({
  optionId: z.string(),
  profileId: z.string().nullable(),
  name: z.string(),
  calculator: z.enum(SHIPPING_CALCULATORS),
  isPickup: z.boolean(),
  warehouseId: z.string().nullable(),
  amount: z.number().int(),
  taxClassId: z.string().nullable(),
  taxRateBps: z.number().int(),
  net: z.number().int(),
  tax: z.number().int(),
  gross: z.number().int(),
});

/**
 * Where a shipment stands: made by the job (`pending` → `created`, or `failed` after its last attempt), then as
 * tracked; a cancellation moves it to `cancelling` until the provider's cancel job is done (`cancelled`).
 */
export const SHIPMENT_STATUSES = [
  "pending",
  "created",
  "failed",
  "in_transit",
  "out_for_delivery",
  "delivered",
  "exception",
  "returned",
  "cancelling",
  "cancelled",
] as const;

/** A tracking event as recorded. */
export const trackingEventSchema = z.object({
  status: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  occurredAt: z.string(),
});

/** A fulfillment shipped through a provider, with its tracking. */
export const shipmentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  fulfillmentId: z.string(),
  providerId: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  labelUrl: z.string().nullable(),
  events: z.array(trackingEventSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
