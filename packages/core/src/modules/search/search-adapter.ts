import type { DatabaseAccess } from "../../kernel/contexts.js";
import type { TxOptions } from "../../kernel/transaction.js";
import type { SearchFilters, SearchHit, SearchSource } from "../catalog/search-source.js";

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
  total: number;
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
