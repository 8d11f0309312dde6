import type { DatabaseAccess } from "../../kernel/contexts.js";
import type { TxOptions } from "../../kernel/transaction.js";
import type { SearchFilters, SearchHit, SearchSource } from "../catalog/index.js";

export type { SearchFilters, SearchHit, SearchSource };

/** A search request after validation. */
export interface SearchQuery extends SearchFilters {
  q?: string;
  page: number;
  limit: number;
  /** Facet fields: built-ins `type`, `category`, `brand`, `status`, or attribute names. */
  facets: readonly string[];
}

/** Facet field to value to count. */
export type FacetCounts = Record<string, Record<string, number>>;

export interface SearchResult {
  hits: SearchHit[];
  /** Matches, exact when `isTotalExact`; otherwise how many the adapter ranked (its candidate limit). */
  total: number;
  /**
   * False when the query matched more than the adapter ranks (a broad query over a large catalog):
   * `total` is then a lower bound, pages stop at it, and facets count the ranked candidates only.
   * @default true
   */
  isTotalExact?: boolean;
  facets: FacetCounts;
}

export interface SuggestQuery {
  prefix: string;
  type?: string;
  limit: number;
  isUnpublishedVisible: boolean;
}

/** A completion for a search box. */
export interface Suggestion {
  id: string;
  slug: string;
  type: string;
  title: string | null;
}

/**
 * A search engine. The search module keeps it current from catalog events: `index` and `remove` run in
 * the transaction of the catalog change (an adapter for an external engine may instead queue the work
 * and ignore `trx`). `search` and `suggest` read on `options.trx` when a caller passes its transaction.
 *
 * An adapter's `search` should cost the same whatever the catalog's size: rank a bounded set of
 * candidates and say so with `isTotalExact: false` when there were more (as the PostgreSQL adapter does,
 * and as external engines do with their own hit-count limits). For a search without `q` or attribute
 * filters whose total is not exact, the search service answers the exact total from the catalog's
 * maintained counts, whatever the adapter.
 */
export interface SearchAdapter {
  readonly name: string;
  index(organizationId: string, documents: readonly SearchSource[], options: Required<TxOptions>): Promise<void>;
  remove(organizationId: string, entityIds: readonly string[], options: Required<TxOptions>): Promise<void>;
  search(organizationId: string, query: SearchQuery, options?: TxOptions): Promise<SearchResult>;
  suggest(organizationId: string, query: SuggestQuery, options?: TxOptions): Promise<Suggestion[]>;
}

/** Builds an adapter once the kernel's database is open; set as `config.search.adapter`. */
export type SearchAdapterFactory = (context: { database: DatabaseAccess }) => SearchAdapter;

/** Facet names every adapter understands besides attribute names. */
export const BUILT_IN_FACETS = ["type", "category", "brand", "status"] as const;
