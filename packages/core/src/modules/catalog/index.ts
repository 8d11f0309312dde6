/**
 * The catalog module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/catalog/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { catalogModule } from "./catalog-module.js";
export type { BulkEntityInput } from "./bulk-entity-upsert.js";
export type { CatalogConfig } from "./catalog-config.js";
export { canSeeUnpublished } from "./catalog-context.js";
export {
  entitySchema,
  entityStatusSchema,
  localeSchema,
  localizedAttributesSchema,
  metadataSchema,
  slugSchema,
} from "./catalog-schemas.js";
export type { CatalogService } from "./catalog-service.js";
export type { EntityStatus } from "./catalog-tables.js";
export type { CreateEntityInput, UpdateEntityInput } from "./entity-operations.js";
export type { CatalogEntity } from "./entity-output.js";
export type { CatalogInclude, CatalogIncludeContext } from "./include-registry.js";
export { createRevisionCache } from "./revision-cache.js";
export { type SaleItem, saleItemKey, type SaleItemRef } from "./sale-items.js";
export type { SearchFilters, SearchHit, SearchSource } from "./search-source.js";
export type { VariantsCreated } from "./variant-listeners.js";
export { catalogErrorReasons } from "./catalog-errors.js";
