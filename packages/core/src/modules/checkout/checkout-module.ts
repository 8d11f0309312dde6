import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { checkoutErrorCodes } from "./checkout-errors.js";
import { createCheckoutService } from "./checkout-service.js";
import { checkoutRoute } from "./routes/checkout.js";

/** Checkout: a cart becomes an order in one transaction across carts, pricing, promotions, tax, inventory, orders and payments. */
export const checkoutModule: PluginManifest = {
  id: "checkout",
  version: CORE_VERSION,
  dependencies: ["carts", "inventory", "promotions", "shipping", "orders", "payments", "customers"],
  errors: checkoutErrorCodes,
  services: (context) => ({ checkout: createCheckoutService(context) }),
  routes: (context) => checkoutRoute(context),
};
