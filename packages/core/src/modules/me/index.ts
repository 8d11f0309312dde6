/**
 * The me module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/me/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { meModule } from "./me-module.js";
export { customerOf } from "./me-customer.js";
export { DOWNLOADABLE_STATUSES } from "./me-downloads.js";
export { myOrderParams, orderTrackingSchema } from "./me-schemas.js";
export type {
  MeService,
  MyProfile,
  OrderDownload,
  OrderTracking,
  Reorder,
  ReorderSkipReason,
  SkippedLine,
} from "./me-service.js";
