import type { FulfillmentProvider } from "./shipping-fulfillment-provider.js";
import type { ShippingRateProvider } from "./shipping-rate-provider.js";

/** Shipping, configured in `commerce.config.ts` under `shipping`. */
export interface ShippingConfig {
  /** Carriers that price `calculator: "carrier"` options, by `id`; two with one id fail boot. @default [] */
  rateProviders?: readonly ShippingRateProvider[];
  /** Carriers that ship fulfillments of options naming them (`fulfillmentProviderId`), by `id`. @default [] */
  fulfillmentProviders?: readonly FulfillmentProvider[];
  /** How long a carrier's quote may take before the option's fallback is used. @default 2000 */
  rateTimeoutMs?: number;
  /**
   * How long a carrier's answer is reused for the same option, currency, address and lines (in this
   * process), so listing options and the checkout that follows ask the carrier once. @default 600
   */
  rateCacheSeconds?: number;
}

declare module "../../kernel/config.js" {
  interface CommerceConfig {
    shipping?: ShippingConfig;
  }
}

/** Fails boot on a provider without an id, an id listed twice, or a timeout or cache lifetime out of range. */
export function assertShippingConfig(config: ShippingConfig | undefined): void {
  const ids = new Set<string>();
  for (const provider of config?.rateProviders ?? []) {
    if (!provider.id) throw new Error("shipping.rateProviders: a provider has no id");
    if (ids.has(provider.id)) throw new Error(`shipping.rateProviders: provider id "${provider.id}" is listed twice`);
    ids.add(provider.id);
  }
  const fulfillmentIds = new Set<string>();
  for (const provider of config?.fulfillmentProviders ?? []) {
    if (!provider.id) throw new Error("shipping.fulfillmentProviders: a provider has no id");
    if (fulfillmentIds.has(provider.id))
      throw new Error(`shipping.fulfillmentProviders: provider id "${provider.id}" is listed twice`);
    fulfillmentIds.add(provider.id);
  }
  const timeout = config?.rateTimeoutMs;
  if (timeout !== undefined && !(Number.isInteger(timeout) && timeout > 0 && timeout <= 60_000))
    throw new Error("shipping.rateTimeoutMs must be an integer from 1 to 60000");
  const cache = config?.rateCacheSeconds;
  if (cache !== undefined && !(Number.isInteger(cache) && cache >= 0 && cache <= 86_400))
    throw new Error("shipping.rateCacheSeconds must be an integer from 0 to 86400");
}
