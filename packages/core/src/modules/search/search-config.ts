import type { SearchAdapterFactory } from "./search-adapter.js";

/** Search over the catalog: `config.search`. */
export interface SearchConfig {
  /**
   * Search engine: `"postgres"` for the bundled PostgreSQL full-text adapter, or an adapter factory for
   * another engine. Unset: the fallback, which scans the catalog and needs a query or a filter (a
   * facets-only request returns nothing). @default unset
   */
  adapter?: "postgres" | SearchAdapterFactory;
  /**
   * With `adapter: "postgres"`: matches a search ranks, pages and facets at most, so a query matching
   * most of a large catalog stays cheap; past it the answer's `meta.isTotalExact` is false. @default 1000
   */
  candidateLimit?: number;
  /**
   * With `adapter: "postgres"`: bytes of search answers each process keeps, valid until the
   * organization's search documents change (any committed change, from any process, is seen by the next
   * search). A repeated search then costs one indexed read. 0 disables it. @default 8 MiB
   */
  resultCacheBytes?: number;
}

declare module "../../kernel/config.js" {
  interface CommerceConfig {
    search?: SearchConfig;
  }
}
