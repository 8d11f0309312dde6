/**
 * The promotions module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/promotions/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { promotionsModule } from "./promotions-module.js";
export type { PromotionOutcome } from "./promotion-evaluation.js";
export { codeSchema } from "./promotions-schemas.js";
export type { PromotionsService } from "./promotions-service.js";
export { promotionsErrorReasons } from "./promotions-errors.js";
export type { IneligibleReason } from "./promotion-evaluation.js";
