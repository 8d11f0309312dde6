/**
 * The checkout module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/checkout/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { checkoutModule } from "./checkout-module.js";
export type { CheckoutFailureReason } from "./checkout-errors.js";
export { checkoutBody, placedOrderSchema } from "./checkout-schemas.js";
export type { CheckoutDraft, CheckoutService, PlacedOrder } from "./checkout-service.js";
export type { PlaceOrderInput } from "./place-order.js";
