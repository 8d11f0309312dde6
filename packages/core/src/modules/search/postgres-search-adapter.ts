import { sql } from "kysely";
import { tenantScope } from "../../db/tenant-scope.js";
import { applySearchFilters, prefixQuery } from "./postgres-search-filters.js";
import { BUILT_IN_FACETS, type FacetCounts, type SearchAdapterFactory } from "./search-adapter.js";
import type { SearchTables } from "./search-tables.js";
import type { EntityStatus } from "../catalog/catalog-tables.js";

const FACET_EXPRESSIONS: Record<(typeof BUILT_IN_FACETS)[number], ReturnType<typeof sql.raw>> = {
  type: sql.raw("type"),
  status: sql.raw("status"),
  category: sql.raw("unnest(category_ids)"),
  brand: sql.raw("unnest(brand_ids)"),
};

/**
 * PostgreSQL full-text search: documents kept in `search_documents` in the catalog change's transaction,
 * ranked with `ts_rank` (title above slug above description above attribute values), `websearch` syntax
 * for queries, prefix matching on titles for suggestions. Works on PGlite too.
 */
export function postgresSearch(): SearchAdapterFactory {
  return ({ database }) => {
    const db = database.db.withTables<SearchTables>();
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
        await tenantScope(trx.withTables<SearchTables>(), organizationId).deleteFrom("searchDocuments").where("entityId", "in", entityIds).execute();
      },

      async search(organizationId, query, options) {
        const base = applySearchFilters(tenantScope(options?.trx?.withTables<SearchTables>() ?? db, organizationId).selectFrom("searchDocuments"), query);
        const text = query.q?.trim();
        const matched = text ? base.where(sql<boolean>`document @@ websearch_to_tsquery('english', ${text})`) : base;
        const rank = text ? sql<number>`ts_rank(document, websearch_to_tsquery('english', ${text}))` : sql<number>`0`;
        const hitsQuery = matched
          .select(["entityId as id", "type", "slug", "status", "title", "description", rank.as("score"), sql<number>`count(*) over ()`.as("total")])
          .orderBy("score", "desc")
          .orderBy("updatedAt", "desc")
          .orderBy("entityId")
          .limit(query.limit)
          .offset((query.page - 1) * query.limit);
        const facetQueries = query.facets.map(async (facet) => {
          const expression = FACET_EXPRESSIONS[facet as keyof typeof FACET_EXPRESSIONS] ?? sql`jsonb_array_elements_text(coalesce(attributes -> ${facet}, '[]'::jsonb))`;
          const rows = await matched
            .select([sql<string>`${expression}`.as("value"), sql<number>`count(*)::int`.as("count")])
            .groupBy("value")
            .orderBy("count", "desc")
            .orderBy("value")
            .limit(100)
            .execute();
          return [facet, Object.fromEntries(rows.map((row) => [row.value, Number(row.count)]))] as const;
        });
        const [rows, ...facets] = await Promise.all([hitsQuery.execute(), ...facetQueries]);
        let total = Number(rows[0]?.total ?? 0);
        if (rows.length === 0 && query.page > 1) {
          const counted = await matched.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst();
          total = Number(counted?.count ?? 0);
        }
        return {
          hits: rows.map(({ total: _total, ...row }) => ({ ...row, status: row.status as EntityStatus, score: text ? Number(row.score) : null })),
          total,
          facets: Object.fromEntries(facets) as FacetCounts,
        };
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
