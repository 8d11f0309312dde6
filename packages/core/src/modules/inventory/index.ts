/**
 * The inventory module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/inventory/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { inventoryModule } from "./inventory-module.js";
export { adjustStockBody } from "./adjust-stock-body.js";
export type { BulkStockInput } from "./bulk-stock-operations.js";
export { stockLevelSchema } from "./inventory-schemas.js";
export type { InventoryService } from "./inventory-service.js";
export type { Reservation, ReserveInput } from "./reservation-operations.js";
export { inventoryErrorReasons } from "./inventory-errors.js";
