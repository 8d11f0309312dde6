import { z } from "zod";
import type { Transaction } from "kysely";
import {
  defineSettingsGroups,
  type CoreTables,
  type Services,
  type SettingsGroupsOf,
} from "@unified-commerce/plugin-sdk";
import { SHIPPING_SETTINGS_GROUP } from "./acp-declarations.js";

/** What a shipping-rate provider is asked to price: the physical lines of one session, and where they go. */
export interface ShippingRateRequest {
  organizationId: string;
  /** ISO 4217 of the cart; every amount answered is in its minor units. */
  currency: string;
  /** Null until the agent sent `fulfillment_details.address`. */
  address: { country: string; state?: string | undefined; city: string; postalCode: string } | null;
  /** Lines that need shipping (digital lines are left out). */
  lines: readonly { entityId: string; variantId: string | null; quantity: number }[];
  /** The lines' amount after discounts, in minor units (a provider may offer free shipping above a threshold). */
  subtotal: number;
}

/** One way to ship, as the agent shows it. */
export interface ShippingRate {
  /** Stable across requests for the same session: the agent selects it by this id. */
  id: string;
  title: string;
  carrier?: string | undefined;
  /** Price in minor units of the request's currency. */
  amount: number;
  earliestDeliveryTime?: Date | undefined;
  latestDeliveryTime?: Date | undefined;
}

/** Where fulfillment options come from: a carrier's API, a table, or {@link flatRateShipping}. */
export interface ShippingRateProvider {
  id: string;
  /** `trx` is the session's transaction: read through it (the embedded database has one connection). */
  rates(
    request: ShippingRateRequest,
    context: { services: Services; trx?: Transaction<CoreTables> | undefined },
  ): Promise<ShippingRate[]>;
}

/** One flat rate of a store: its price per currency, and its delivery window in days after the order. */
export const flatRateSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,49}$/, "lowercase letters, digits, _ and -"),
  title: z.string().min(1).max(200),
  carrier: z.string().min(1).max(100).optional(),
  /** Minor units per ISO 4217 currency (`{ "EUR": 500 }`); a currency without a price hides the rate. */
  amounts: z.record(z.string().regex(/^[A-Z]{3}$/), z.number().int().min(0).max(100_000_000)),
  minDays: z.number().int().min(0).max(365),
  maxDays: z.number().int().min(0).max(365),
  /** ISO 3166-1 alpha-2 codes the rate ships to; absent: everywhere. */
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .max(300)
    .optional(),
});

/** A store's flat shipping rates. */
export type FlatRate = z.output<typeof flatRateSchema>;

/** The `agentic-shipping` settings group: each store's flat rates (`PATCH /api/settings/agentic-shipping`). */
export const shippingSettings = defineSettingsGroups({
  [SHIPPING_SETTINGS_GROUP]: z.strictObject({
    flatRates: z.array(flatRateSchema).max(20),
  }),
});

declare module "@unified-commerce/plugin-sdk" {
  interface SettingsGroups extends SettingsGroupsOf<typeof shippingSettings> {}
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The bundled provider: each store's flat rates from its `agentic-shipping` settings group, else
 * `defaults` (the plugin's options). A rate is offered when it has a price in the cart's currency and,
 * once an address is known, ships to its country. Delivery windows count from now.
 */
export function flatRateShipping(defaults: readonly FlatRate[] = []): ShippingRateProvider {
  return {
    id: "flat-rate",
    async rates(request, { services, trx }) {
      const stored = await services.settings.get(
        request.organizationId,
        SHIPPING_SETTINGS_GROUP,
        trx ? { trx } : undefined,
      );
      const rates = stored.flatRates ?? defaults;
      const now = Date.now();
      return rates.flatMap((rate) => {
        const amount = rate.amounts[request.currency];
        if (amount === undefined) return [];
        if (request.address && rate.countries && !rate.countries.includes(request.address.country)) return [];
        return [
          {
            id: rate.id,
            title: rate.title,
            carrier: rate.carrier,
            amount,
            earliestDeliveryTime: new Date(now + rate.minDays * DAY_MS),
            latestDeliveryTime: new Date(now + Math.max(rate.minDays, rate.maxDays) * DAY_MS),
          },
        ];
      });
    },
  };
}
