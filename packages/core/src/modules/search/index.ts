/**
 * The search module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/search/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { searchModule } from "./search-module.js";
export { postgresSearch } from "./postgres-search-adapter.js";
export type {
  FacetCounts,
  SearchAdapter,
  SearchAdapterFactory,
  SearchFilters,
  SearchHit,
  SearchQuery,
  SearchResult,
  SearchSource,
  Suggestion,
  SuggestQuery,
} from "./search-adapter.js";
export type { SearchConfig } from "./search-config.js";
export { ATTRIBUTE_NAME, searchHitSchema, searchQueryOf } from "./search-schemas.js";
export type { SearchService } from "./search-service.js";
