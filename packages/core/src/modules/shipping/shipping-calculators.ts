import type { z } from "zod";
import type { ShippingCalculator, ShippingIneligibleReason, shippingRateSchema } from "./shipping-schemas.js";

type Rate = z.output<typeof shippingRateSchema>;

/** What a calculator reads of the lines one option would ship. */
export interface ShipmentMeasure {
  /** Discounted subtotal of the lines, in the cart's minor units (as its prices are: net or gross). */
  subtotal: number;
  weightGrams: number;
  /** Shippable units. */
  itemCount: number;
}

/** An option's price before tax, or why it has none. */
export type CalculatedPrice = { amount: number; isFree: boolean } | { reason: ShippingIneligibleReason };

/** The band whose inclusive upper edge is the first at or above `value` (an open last band takes the rest). */
function bandAmount(bands: Rate["bands"], value: number): number | null {
  for (const band of bands ?? []) if (band.upTo === null || value <= band.upTo) return band.amount;
  return null;
}

/**
 * Prices one option in one currency:
 * - `flat`: `amount`; `per_item`: `amount` × shippable units;
 * - `free_above`: 0 from `freeAbove` on (the discounted subtotal, inclusive), else `amount`;
 * - `weight_bands` / `subtotal_bands`: the first band whose `upTo` is at or above the weight (grams) or the
 *   discounted subtotal; above the last closed band the option does not apply (`NO_BAND`).
 * Subtotal rules (`minSubtotal`, `maxSubtotal`) are inclusive and read the discounted subtotal.
 */
export function calculatePrice(calculator: ShippingCalculator, rate: Rate, measure: ShipmentMeasure): CalculatedPrice {
  if (rate.minSubtotal !== undefined && measure.subtotal < rate.minSubtotal)
    return { reason: "SUBTOTAL_BELOW_MINIMUM" };
  if (rate.maxSubtotal !== undefined && measure.subtotal > rate.maxSubtotal)
    return { reason: "SUBTOTAL_ABOVE_MAXIMUM" };
  switch (calculator) {
    case "flat":
      return { amount: rate.amount ?? 0, isFree: false };
    case "per_item":
      return { amount: (rate.amount ?? 0) * measure.itemCount, isFree: false };
    case "free_above": {
      const isFree = rate.freeAbove !== undefined && measure.subtotal >= rate.freeAbove;
      return { amount: isFree ? 0 : (rate.amount ?? 0), isFree };
    }
    case "carrier":
      // The carrier prices it (`shipping-quote.ts`); this is the fallback when the carrier fails.
      return rate.amount === undefined ? { reason: "CARRIER_UNAVAILABLE" } : { amount: rate.amount, isFree: false };
    case "weight_bands":
    case "subtotal_bands": {
      const amount = bandAmount(rate.bands, calculator === "weight_bands" ? measure.weightGrams : measure.subtotal);
      return amount === null ? { reason: "NO_BAND" } : { amount, isFree: false };
    }
  }
}
