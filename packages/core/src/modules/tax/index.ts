/**
 * The tax module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/tax/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { taxModule } from "./tax-module.js";
export type { RegionRate, TaxConfig } from "./tax-config.js";
export type { TaxService } from "./tax-service.js";
export { splitTax } from "./tax-calculation.js";
export type { ClassRate, ClassRateOf } from "./tax-class-rates.js";
