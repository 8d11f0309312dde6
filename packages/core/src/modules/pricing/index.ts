/**
 * The pricing module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/pricing/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { pricingModule } from "./pricing-module.js";
export type { BulkPriceInput } from "./bulk-price-operations.js";
export { customerGroupIdSchema } from "./pricing-schemas.js";
export type { EntityPricing, PricingService } from "./pricing-service.js";
