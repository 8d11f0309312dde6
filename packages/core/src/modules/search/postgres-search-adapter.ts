import { sql } from "kysely";
import { tenantScope } from "../../db/tenant-scope.js";
import { organizationGeneration } from "../../db/organization-generations.js";
import { applySearchFilters, prefixQuery } from "./postgres-search-filters.js";
import type { BUILT_IN_FACETS, SearchAdapterFactory, SearchQuery, SearchResult } from "./search-adapter.js";
import type { TxOptions } from "../../kernel/transaction.js";
import type { SearchTables } from "./search-tables.js";
import { type EntityStatus, createRevisionCache } from "../catalog/index.js";

/** Values of a built-in facet for a candidate `c` (set-returning for arrays: one row per value). */
const FACET_VALUES: Record<(typeof BUILT_IN_FACETS)[number], ReturnType<typeof sql.raw>> = {
  type: sql.raw("c.type"),
  status: sql.raw("c.status"),
  category: sql.raw("unnest(c.category_ids)"),
  brand: sql.raw("unnest(c.brand_ids)"),
};

/** A built-in facet's values, or undefined for an attribute name (`constructor` included: own keys only). */
const builtInFacetValues = (facet: string) =>
  Object.hasOwn(FACET_VALUES, facet) ? FACET_VALUES[facet as keyof typeof FACET_VALUES] : undefined;

/** The one row a search statement answers: hits as JSON, facets as `f0`, `f1`... in the order asked. */
interface SearchRow {
  /** The organization's search generation in the statement's snapshot (see the search migrations). */
  generation: string;
  matched: number;
  hits: {
    id: string;
    type: string;
    slug: string;
    status: string;
    title: string | null;
    description: string | null;
    score: number;
  }[];
  [facet: `f${number}`]: Record<string, number> | undefined;
}

/** How many matches a search ranks and facets at most. @default 1000 */
export const DEFAULT_CANDIDATE_LIMIT = 1_000;

/** Bytes of search answers kept per process. @default 8 MiB */
export const DEFAULT_RESULT_CACHE_BYTES = 8 * 1024 * 1024;

export interface PostgresSearchOptions {
  /**
   * Bytes of search answers kept per process, each valid for one generation of the organization's
   * documents (any committed change to them moves it): a repeated search (a popular query, a category
   * page with its facets) costs one indexed read of 16 counter rows until the catalog changes. 0
   * disables it. @default 8 MiB
   */
  resultCacheBytes?: number;
  /**
   * Matches a search ranks, pages and facets at most: a broad query costs the same whatever the catalog's
   * size. Beyond it, `total` is this limit and `isTotalExact` false, and facets count these candidates.
   * @default 1000
   */
  candidateLimit?: number;
}

/**
 * PostgreSQL full-text search: documents kept in `search_documents` in the catalog change's transaction,
 * ranked with `ts_rank` (title above slug above description above attribute values), `websearch` syntax
 * for queries, prefix matching on titles for suggestions. Works on PGlite too.
 */
export function postgresSearch({
  candidateLimit = DEFAULT_CANDIDATE_LIMIT,
  resultCacheBytes = DEFAULT_RESULT_CACHE_BYTES,
}: PostgresSearchOptions = {}): SearchAdapterFactory {
  return ({ database }) => {
    const db = database.db.withTables<SearchTables>();
    const cache = resultCacheBytes > 0 ? createRevisionCache(resultCacheBytes) : undefined;
    const generationOf = (organizationId: string) => organizationGeneration("search_generations", organizationId);

    /** Runs a search, answering it with the generation of the organization's documents its snapshot saw. */
    async function runSearch(
      organizationId: string,
      query: SearchQuery,
      options?: TxOptions,
    ): Promise<{ result: SearchResult; generation: number }> {
      const base = applySearchFilters(
        tenantScope(options?.trx?.withTables<SearchTables>() ?? db, organizationId).selectFrom("searchDocuments"),
        query,
      );
      const text = query.q?.trim();
      const matched = text ? base.where(sql<boolean>`document @@ websearch_to_tsquery('english', ${text})`) : base;
      const rank = text ? sql<number>`ts_rank(document, websearch_to_tsquery('english', ${text}))` : sql<number>`0`;
      // The candidates: the first `candidateLimit + 1` matches as the index yields them (the extra row
      // only tells that there are more). Without text, the most recently updated, from the updated_at index.
      // They carry what ranking and facets need; titles and descriptions are read for the page's hits only.
      const hasAttributeFacet = query.facets.some((facet) => !builtInFacetValues(facet));
      const candidates = (text ? matched : matched.orderBy("updatedAt", "desc").orderBy("entityId"))
        .select([
          "organizationId",
          "entityId",
          "type",
          "status",
          "categoryIds",
          "brandIds",
          "updatedAt",
          rank.as("score"),
        ])
        .$if(hasAttributeFacet, (select) => select.select("attributes"))
        .limit(candidateLimit + 1);
      const facetColumns = query.facets.map((facet, index) => {
        const values =
          builtInFacetValues(facet) ?? sql`jsonb_array_elements_text(coalesce(c.attributes -> ${facet}, '[]'::jsonb))`;
        return sql`(select coalesce(json_object_agg(value, count), '{}') from (
          select v.value, count(*)::int as count from ranked c cross join lateral (select ${values} as value) v
          where v.value is not null group by v.value order by count desc, v.value limit 100) f) as ${sql.ref(`f${index}`)}`;
      });
      const answer = await sql<SearchRow>`
        with found as materialized (${candidates}),
        ranked as (select * from found limit ${candidateLimit}),
        page as (select * from ranked order by score desc, updated_at desc, entity_id limit ${query.limit} offset ${(query.page - 1) * query.limit})
        select ${generationOf(organizationId)} as generation, (select count(*)::int from found) as matched,
          (select coalesce(json_agg(json_build_object('id', d.entity_id, 'type', d.type, 'slug', d.slug, 'status', d.status, 'title', d.title,
              'description', d.description, 'score', p.score) order by p.score desc, p.updated_at desc, p.entity_id), '[]')
            from page p join search_documents d on d.organization_id = p.organization_id and d.entity_id = p.entity_id) as hits
          ${facetColumns.length > 0 ? sql`, ${sql.join(facetColumns)}` : sql``}`.execute(options?.trx ?? database.db);
      const row = answer.rows[0];
      const found = Number(row?.matched ?? 0);
      const result: SearchResult = {
        hits: (row?.hits ?? []).map((hit) => ({
          ...hit,
          status: hit.status as EntityStatus,
          score: text ? Number(hit.score) : null,
        })),
        total: Math.min(found, candidateLimit),
        isTotalExact: found <= candidateLimit,
        facets: Object.fromEntries(query.facets.map((facet, index) => [facet, row?.[`f${index}`] ?? {}])),
      };
      return { result, generation: Number(row?.generation ?? 0) };
    }

    return {
      name: "postgres",

      async index(organizationId, documents, { trx }) {
        if (documents.length === 0) return;
        const rows = documents.map((doc) => {
          const attributeText = Object.values(doc.attributes).flat().join(" ");
          const slugText = doc.slug.replaceAll("-", " ");
          return {
            entityId: doc.id,
            type: doc.type,
            slug: doc.slug,
            status: doc.status,
            title: doc.title,
            description: doc.description,
            categoryIds: doc.categoryIds,
            brandIds: doc.brandIds,
            attributes: JSON.stringify(doc.attributes),
            document: sql<string>`setweight(to_tsvector('english', ${doc.title ?? ""}), 'A') || setweight(to_tsvector('simple', ${slugText}), 'B') || setweight(to_tsvector('english', ${doc.description ?? ""}), 'C') || setweight(to_tsvector('simple', ${attributeText}), 'D')`,
            titleVector: sql<string>`to_tsvector('simple', ${`${doc.title ?? ""} ${slugText}`})`,
            updatedAt: doc.updatedAt,
          };
        });
        await tenantScope(trx.withTables<SearchTables>(), organizationId)
          .insertInto("searchDocuments", rows)
          .onConflict((oc) =>
            oc.columns(["organizationId", "entityId"]).doUpdateSet((eb) => ({
              type: eb.ref("excluded.type"),
              slug: eb.ref("excluded.slug"),
              status: eb.ref("excluded.status"),
              title: eb.ref("excluded.title"),
              description: eb.ref("excluded.description"),
              categoryIds: eb.ref("excluded.categoryIds"),
              brandIds: eb.ref("excluded.brandIds"),
              attributes: eb.ref("excluded.attributes"),
              document: eb.ref("excluded.document"),
              titleVector: eb.ref("excluded.titleVector"),
              updatedAt: eb.ref("excluded.updatedAt"),
            })),
          )
          .execute();
      },

      async remove(organizationId, entityIds, { trx }) {
        if (entityIds.length === 0) return;
        await tenantScope(trx.withTables<SearchTables>(), organizationId)
          .deleteFrom("searchDocuments")
          .where("entityId", "in", entityIds)
          .execute();
      },

      async search(organizationId, query, options) {
        // Inside a transaction the answer may see writes that never commit: neither cached nor served from the cache.
        if (!cache || options?.trx) return (await runSearch(organizationId, query, options)).result;
        const key = `${organizationId}\u0000${JSON.stringify(query)}`;
        const current = Number(
          (await sql<{ generation: string }>`select ${generationOf(organizationId)} as generation`.execute(database.db))
            .rows[0]?.generation ?? 0,
        );
        const hit = cache.get(key, current);
        if (hit) return hit.value as SearchResult;
        const { result, generation } = await runSearch(organizationId, query);
        cache.set(key, generation, deepFreeze(result), JSON.stringify(result).length);
        return result;
      },

      async suggest(organizationId, query, options) {
        const terms = prefixQuery(query.prefix);
        if (!terms) return [];
        let select = tenantScope(options?.trx?.withTables<SearchTables>() ?? db, organizationId)
          .selectFrom("searchDocuments")
          .where(sql<boolean>`title_vector @@ to_tsquery('simple', ${terms})`);
        if (query.type) select = select.where("type", "=", query.type);
        if (!query.isUnpublishedVisible) select = select.where("status", "=", "active");
        return select
          .select(["entityId as id", "slug", "type", "title"])
          .orderBy(sql`ts_rank(title_vector, to_tsquery('simple', ${terms}))`, "desc")
          .orderBy("title")
          .limit(query.limit)
          .execute();
      },
    };
  };
}

/** Freezes a cached answer throughout: requests share it, so a mutation must throw instead of changing later answers. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
