import { sql, type SelectQueryBuilder } from "kysely";
import type { SearchFilters } from "./search-adapter.js";
import type { SearchDb } from "./search-tables.js";

type DocumentQuery = SelectQueryBuilder<SearchDb, "searchDocuments", object>;

/** The filters of a search on the documents table: same for hits, totals and every facet. */
export function applySearchFilters(query: DocumentQuery, filters: SearchFilters): DocumentQuery {
  let filtered = query;
  if (filters.type) filtered = filtered.where("type", "=", filters.type);
  if (filters.status) filtered = filtered.where("status", "=", filters.status);
  if (!filters.isUnpublishedVisible) filtered = filtered.where("status", "=", "active");
  if (filters.category) filtered = filtered.where(sql<boolean>`${filters.category} = any(category_ids)`);
  if (filters.brand) filtered = filtered.where(sql<boolean>`${filters.brand} = any(brand_ids)`);
  // Values of one attribute are ORed (`?|`: any of them), attributes are ANDed (one condition each).
  for (const [name, values] of Object.entries(filters.attributes)) {
    filtered = filtered.where(sql<boolean>`coalesce(attributes -> ${name}, '[]'::jsonb) ?| ${values}::text[]`);
  }
  return filtered;
}

/** Words of user input as `word:*` prefix terms ANDed, or null when there is no word. */
export function prefixQuery(input: string): string | null {
  const words = input.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length === 0
    ? null
    : words
        .slice(0, 8)
        .map((word) => `${word}:*`)
        .join(" & ");
}
