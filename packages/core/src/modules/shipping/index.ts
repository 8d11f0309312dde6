/**
 * The shipping module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/shipping/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { shippingModule } from "./shipping-module.js";
export type { ShippingAttributes, ShippingOption, ShippingProfile, ShippingZone } from "./shipping-context.js";
export type { ShippingConfig } from "./shipping-config.js";
export {
  testCarrierAdapter,
  type TestCarrierAdapter,
  type TestCarrierAdapterOptions,
} from "./test-carrier-adapter.js";
export { shippingErrorReasons } from "./shipping-errors.js";
export type {
  CreatedShipment,
  CreateShipmentInput,
  FulfillmentProvider,
  TrackingEvent,
  TrackingStatus,
  TrackingWebhookDelivery,
} from "./shipping-fulfillment-provider.js";
export type {
  ShippingCallContext,
  ShippingRate,
  ShippingRateProvider,
  ShippingRateRequest,
} from "./shipping-rate-provider.js";
export type {
  QuotedShippingOption,
  ShippingAddress,
  ShippingGroup,
  ShippingLineInput,
  ShippingQuote,
  ShippingQuoteInput,
} from "./shipping-quote.js";
export {
  quotedShippingOptionSchema,
  shippingAddressSchema,
  shippingMethodSchema,
  shippingQuoteSchema,
} from "./shipping-schemas.js";
export type { ShippingMethod, ShippingSelection } from "./shipping-selection.js";
export type { ShippingService } from "./shipping-service.js";
