/**
 * The shipping module's test entry: what tests of other modules (`*.test.ts`, `*-test-helpers.ts`) may use
 * besides `index.ts`. Only test code imports it (scripts/check-boundaries.mjs), so no production path
 * loads a test helper.
 */
export {
  berlin,
  createShipping,
  setAttributes,
  setCartShipping,
  shippingManager,
  shippingOptionsOf,
} from "./shipping-test-helpers.js";
export {
  startTestCarrierServer,
  type TestCarrierServer,
  type TestCarrierShipment,
} from "./test-carrier-server.js";
