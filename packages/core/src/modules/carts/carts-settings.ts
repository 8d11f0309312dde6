import { z } from "zod";
import { defineSettingsGroups, type SettingsGroupsOf } from "../../kernel/settings-groups.js";

/** The `carts` settings group: how a store's prices are meant. */
export const cartsSettings = defineSettingsGroups({
  carts: z.strictObject({
    /**
     * Whether catalog prices include tax (tax is then extracted from them) or exclude it (tax is added).
     * Read when a cart is made and kept on it, so a change applies to new carts. @default false
     */
    isTaxInclusive: z.boolean(),
  }),
});

declare module "../../kernel/settings-groups.js" {
  interface SettingsGroups extends SettingsGroupsOf<typeof cartsSettings> {}
}

/** The `carts` settings group's value. */
export type CartsSettings = SettingsGroupsOf<typeof cartsSettings>["carts"];
