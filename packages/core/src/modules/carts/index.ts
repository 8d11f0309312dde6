/**
 * The carts module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/carts/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { cartsModule } from "./carts-module.js";
export type { CartCaller } from "./cart-access.js";
export type { CartTarget } from "./cart-operations.js";
export type { CartQuote, QuotedLine, QuoteInput } from "./cart-quote.js";
export { CART_TOKEN_HEADER, CART_TOKEN_HEADER_DOC, cartTokenOf } from "./cart-token.js";
export type { Cart, CartView, PriceChange } from "./cart-view.js";
export type { CartsConfig } from "./carts-config.js";
export type { CartRecord } from "./carts-context.js";
export {
  addCartItemBody,
  cartSchema,
  createCartBody,
  createdCartSchema,
  MAX_ITEM_QUANTITY,
  MAX_PROMOTION_CODES,
  priceChangeSchema,
  setCartShippingBody,
  updateCartItemBody,
} from "./carts-schemas.js";
export type { CartsService } from "./carts-service.js";
export type { CartsSettings } from "./carts-settings.js";
export { cartsErrorReasons } from "./carts-errors.js";
