import { z } from "zod";
import { defineSettingsGroups, type SettingsGroupsOf } from "@unified-commerce/plugin-sdk";
import { SHIPPING_SETTINGS_GROUP } from "./acp-declarations.js";

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

/**
 * The `agentic-shipping` settings group: each store's flat rates, as the plugin priced shipping before the
 * shipping module. Read only by the migration `0002_acp_flat_rates_to_shipping_options`; kept declared so
 * stores can still read (and clear) what they had.
 */
export const shippingSettings = defineSettingsGroups({
  [SHIPPING_SETTINGS_GROUP]: z.strictObject({
    flatRates: z.array(flatRateSchema).max(20),
  }),
});

declare module "@unified-commerce/plugin-sdk" {
  interface SettingsGroups extends SettingsGroupsOf<typeof shippingSettings> {}
}
