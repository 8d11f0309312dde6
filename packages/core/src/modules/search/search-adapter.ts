import type { Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import type { DatabaseAccess } from "../../kernel/contexts.js";
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
 * and ignore `trx`).
 */
export interface SearchAdapter {
  readonly name: string;
  index(trx: Transaction<CoreTables>, organizationId: string, documents: readonly SearchSource[]): Promise<void>;
  remove(trx: Transaction<CoreTables>, organizationId: string, entityIds: readonly string[]): Promise<void>;
  search(organizationId: string, query: SearchQuery): Promise<SearchResult>;
  suggest(organizationId: string, query: SuggestQuery): Promise<Suggestion[]>;
}

/** Builds an adapter once the kernel's database is open; set as `config.search.adapter`. */
export type SearchAdapterFactory = (context: { database: DatabaseAccess }) => SearchAdapter;

/** Facet names every adapter understands besides attribute names. */
export const BUILT_IN_FACETS = ["type", "category", "brand", "status"] as const;
