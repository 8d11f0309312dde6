/**
 * The catalog-import module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/catalog-import/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { catalogImportModule } from "./catalog-import-module.js";
export type { CatalogImport } from "./catalog-import-schemas.js";
export type { CatalogImportService, RunImportOptions } from "./catalog-import-service.js";
