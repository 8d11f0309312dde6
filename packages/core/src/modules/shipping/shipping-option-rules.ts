import type { z } from "zod";
import { shippingErrors } from "./shipping-errors.js";
import type { ShippingCalculator, shippingOptionBody, shippingRateSchema } from "./shipping-schemas.js";

type Rate = z.output<typeof shippingRateSchema>;

/** The fields of an option whose consistency is checked together, as they will be stored. */
export interface OptionShape {
  calculator: ShippingCalculator;
  rates: Record<string, Rate>;
  zoneId: string | null;
  isPickup: boolean;
  warehouseId: string | null;
  minWeightGrams: number | null;
  maxWeightGrams: number | null;
  rateProviderId: string | null;
  fulfillmentProviderId: string | null;
}

/** What `createOption` takes. */
export type ShippingOptionInput = z.input<typeof shippingOptionBody>;

/**
 * Refuses (422, naming the field) an option that could not be priced: each currency carries what its
 * calculator reads (`amount`; `amount` and `freeAbove`; ascending `bands` whose only open band is the
 * last; a registered `rateProviderId` for `carrier`, its `amount` an optional fallback), min at most max,
 * and a pickup has a warehouse and no zone while a delivery has a zone.
 */
export function assertOptionShape(
  option: OptionShape,
  providers: { isRateProvider: (id: string) => boolean; isFulfillmentProvider: (id: string) => boolean },
): void {
  if (option.fulfillmentProviderId !== null && !providers.isFulfillmentProvider(option.fulfillmentProviderId))
    throw shippingErrors.invalid("body.fulfillmentProviderId", "a provider of shipping.fulfillmentProviders");
  if (
    option.calculator === "carrier" &&
    (option.rateProviderId === null || !providers.isRateProvider(option.rateProviderId))
  )
    throw shippingErrors.invalid("body.rateProviderId", "a carrier option names a provider of shipping.rateProviders");
  if (option.calculator !== "carrier" && option.rateProviderId !== null)
    throw shippingErrors.invalid("body.rateProviderId", "only a carrier option names a rate provider");
  const currencies = Object.entries(option.rates);
  if (currencies.length === 0) throw shippingErrors.invalid("body.rates", "at least one currency");
  for (const [currency, rate] of currencies) {
    const path = `body.rates.${currency}`;
    if ((option.calculator === "flat" || option.calculator === "per_item") && rate.amount === undefined)
      throw shippingErrors.invalid(`${path}.amount`, `required by the ${option.calculator} calculator`);
    if (option.calculator === "free_above" && (rate.amount === undefined || rate.freeAbove === undefined))
      throw shippingErrors.invalid(path, "the free_above calculator needs amount and freeAbove");
    if (option.calculator === "weight_bands" || option.calculator === "subtotal_bands") {
      const bands = rate.bands ?? [];
      if (bands.length === 0) throw shippingErrors.invalid(`${path}.bands`, "at least one band");
      bands.forEach((band, index) => {
        const previous = bands[index - 1];
        if (band.upTo === null && index !== bands.length - 1)
          throw shippingErrors.invalid(`${path}.bands.${index}`, "only the last band may be open (upTo null)");
        if (previous && band.upTo !== null && previous.upTo !== null && band.upTo <= previous.upTo)
          throw shippingErrors.invalid(`${path}.bands.${index}`, "bands ascend by upTo");
      });
    }
    if (rate.minSubtotal !== undefined && rate.maxSubtotal !== undefined && rate.minSubtotal > rate.maxSubtotal)
      throw shippingErrors.invalid(`${path}.minSubtotal`, "at most maxSubtotal");
  }
  if (option.minWeightGrams !== null && option.maxWeightGrams !== null && option.minWeightGrams > option.maxWeightGrams)
    throw shippingErrors.invalid("body.minWeightGrams", "at most maxWeightGrams");
  if (option.isPickup && (option.warehouseId === null || option.zoneId !== null))
    throw shippingErrors.invalid("body.warehouseId", "a pickup option names a warehouse and no zone");
  if (!option.isPickup && (option.zoneId === null || option.warehouseId !== null))
    throw shippingErrors.invalid("body.zoneId", "a delivery option names a zone and no warehouse");
}
