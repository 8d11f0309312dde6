import { sql } from "kysely";
import { listPage } from "../../db/list-page.js";
import type { PaginationQuery } from "../../http/pagination.js";
import { catalogScope, ENTITY_COLUMNS, type CatalogContext } from "./catalog-context.js";
import type { EntityStatus } from "./catalog-tables.js";
import { countEntities, type EntityCountFilters } from "./entity-counts.js";
import type { TxOptions } from "../../kernel/transaction.js";

/** What search indexes of an entity: en texts, links, and the approved en values of filterable fields. */
export interface SearchSource {
  id: string;
  type: string;
  slug: string;
  status: EntityStatus;
  title: string | null;
  description: string | null;
  categoryIds: string[];
  brandIds: string[];
  /** Filterable field name to its approved `en` value(s), as text. */
  attributes: Record<string, string[]>;
  updatedAt: string;
}

/** Filters shared by every search implementation. */
export interface SearchFilters {
  type?: string;
  status?: EntityStatus;
  category?: string;
  brand?: string;
  /** Attribute name to accepted values: values of one name ORed, names ANDed. */
  attributes: Record<string, string[]>;
  /** Without catalog:read:unpublished only active entities are found. */
  isUnpublishedVisible: boolean;
}

/** A hit as search answers it. */
export interface SearchHit {
  id: string;
  type: string;
  slug: string;
  status: EntityStatus;
  title: string | null;
  description: string | null;
  score: number | null;
}

const asText = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));

export function createSearchSourceOperations(context: CatalogContext) {
  return {
    /**
     * Search documents of entities. Read on the transaction of the change being indexed, the documents
     * see the change. Four queries whatever the number of entities.
     */
    async searchSources(
      organizationId: string,
      select: { entityIds?: readonly string[]; entityType?: string },
      options?: TxOptions,
    ): Promise<SearchSource[]> {
      const scope = catalogScope(options?.trx ?? context.db, organizationId);
      let entitiesQuery = scope.selectFrom("catalogEntities").select(ENTITY_COLUMNS);
      if (select.entityIds)
        entitiesQuery = entitiesQuery.where(
          "id",
          "in",
          select.entityIds.length > 0 ? select.entityIds : ["00000000-0000-0000-0000-000000000000"],
        );
      if (select.entityType) entitiesQuery = entitiesQuery.where("type", "=", select.entityType);
      const entities = await entitiesQuery.execute();
      if (entities.length === 0) return [];
      const ids = entities.map((entity) => entity.id);
      const [texts, categories, brands, values] = await Promise.all([
        scope
          .selectFrom("catalogEntityAttributes")
          .select(["entityId", "title", "description"])
          .where("entityId", "in", ids)
          .where("locale", "=", "en")
          .execute(),
        scope
          .selectFrom("catalogEntityCategories")
          .select(["entityId", "categoryId"])
          .where("entityId", "in", ids)
          .execute(),
        scope.selectFrom("catalogEntityBrands").select(["entityId", "brandId"]).where("entityId", "in", ids).execute(),
        scope
          .selectFrom("catalogCustomFieldValues")
          .innerJoin("catalogEntities", "catalogEntities.id", "catalogCustomFieldValues.entityId")
          .innerJoin("catalogFieldDefinitions", (join) =>
            join
              .onRef("catalogFieldDefinitions.entityType", "=", "catalogEntities.type")
              .onRef("catalogFieldDefinitions.name", "=", "catalogCustomFieldValues.fieldName")
              .onRef("catalogFieldDefinitions.organizationId", "=", "catalogCustomFieldValues.organizationId"),
          )
          .select([
            "catalogCustomFieldValues.entityId",
            "catalogCustomFieldValues.fieldName",
            "catalogCustomFieldValues.value",
          ])
          .where("catalogCustomFieldValues.entityId", "in", ids)
          .where("catalogCustomFieldValues.status", "=", "approved")
          .where("catalogCustomFieldValues.locale", "=", "en")
          .where("catalogFieldDefinitions.isFilterable", "=", true)
          .execute(),
      ]);
      return entities.map((entity) => {
        const text = texts.find((row) => row.entityId === entity.id);
        // A Map: field names are the store's own, and a field may be named `constructor`.
        const attributeValues = new Map<string, string[]>();
        for (const row of values) {
          if (row.entityId !== entity.id) continue;
          const list = Array.isArray(row.value) ? row.value.map(asText) : [asText(row.value)];
          attributeValues.set(row.fieldName, [...(attributeValues.get(row.fieldName) ?? []), ...list]);
        }
        const attributes = Object.fromEntries(attributeValues);
        return {
          id: entity.id,
          type: entity.type,
          slug: entity.slug,
          status: entity.status as EntityStatus,
          title: text?.title ?? null,
          description: text?.description ?? null,
          categoryIds: categories.filter((row) => row.entityId === entity.id).map((row) => row.categoryId),
          brandIds: brands.filter((row) => row.entityId === entity.id).map((row) => row.brandId),
          attributes,
          updatedAt: entity.updatedAt.toISOString(),
        };
      });
    },

    /**
     * Search without an index (no adapter configured): substring match on the en title and the slug,
     * plus the filters. Slower than an index and unranked; the spec's fallback.
     */
    async fallbackSearch(
      organizationId: string,
      query: PaginationQuery & SearchFilters & { q?: string },
      options?: TxOptions,
    ): Promise<{ hits: SearchHit[]; total: number }> {
      const db = options?.trx ?? context.db;
      const scope = catalogScope(db, organizationId);
      let select = scope
        .selectFrom("catalogEntities")
        .leftJoin("catalogEntityAttributes", (join) =>
          join
            .onRef("catalogEntityAttributes.entityId", "=", "catalogEntities.id")
            .on("catalogEntityAttributes.locale", "=", "en"),
        );
      if (query.q) {
        const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        select = select.where((eb) =>
          eb.or([eb("catalogEntityAttributes.title", "ilike", pattern), eb("catalogEntities.slug", "ilike", pattern)]),
        );
      }
      if (query.type) select = select.where("catalogEntities.type", "=", query.type);
      if (query.status) select = select.where("catalogEntities.status", "=", query.status);
      if (!query.isUnpublishedVisible) select = select.where("catalogEntities.status", "=", "active");
      if (query.category)
        select = select.where(
          "catalogEntities.id",
          "in",
          scope.selectFrom("catalogEntityCategories").select("entityId").where("categoryId", "=", query.category),
        );
      if (query.brand)
        select = select.where(
          "catalogEntities.id",
          "in",
          scope.selectFrom("catalogEntityBrands").select("entityId").where("brandId", "=", query.brand),
        );
      for (const [name, accepted] of Object.entries(query.attributes)) {
        select = select.where(
          "catalogEntities.id",
          "in",
          scope
            .selectFrom("catalogCustomFieldValues")
            .innerJoin("catalogFieldDefinitions", (join) =>
              join
                .onRef("catalogFieldDefinitions.name", "=", "catalogCustomFieldValues.fieldName")
                .onRef("catalogFieldDefinitions.organizationId", "=", "catalogCustomFieldValues.organizationId"),
            )
            .select("catalogCustomFieldValues.entityId")
            .where("catalogCustomFieldValues.fieldName", "=", name)
            .where("catalogCustomFieldValues.status", "=", "approved")
            .where("catalogCustomFieldValues.locale", "=", "en")
            .where("catalogFieldDefinitions.isFilterable", "=", true)
            .where(sql<string>`catalog_custom_field_values.value #>> '{}'`, "in", accepted),
        );
      }
      const filtered = select;
      // No maintained count knows a substring or an attribute match: those count(*) when the page cannot tell.
      const isCountMaintained =
        !query.q &&
        Object.keys(query.attributes).length === 0 &&
        (query.isUnpublishedVisible || !query.status || query.status === "active");
      const status = query.isUnpublishedVisible ? query.status : "active";
      const { rows, total } = await listPage(query, {
        rows: ({ limit, offset }) =>
          filtered
            .select([
              "catalogEntities.id",
              "catalogEntities.type",
              "catalogEntities.slug",
              "catalogEntities.status",
              "catalogEntityAttributes.title",
              "catalogEntityAttributes.description",
            ])
            .orderBy("catalogEntities.updatedAt", "desc")
            .orderBy("catalogEntities.id")
            .limit(limit)
            .offset(offset)
            .execute(),
        maintainedTotal: async () =>
          isCountMaintained
            ? countEntities(db, organizationId, {
                type: query.type,
                status,
                category: query.category,
                brand: query.brand,
              })
            : null,
        countAll: async () =>
          Number((await filtered.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirst())?.count ?? 0),
      });
      return {
        hits: rows.map((row) => ({
          ...row,
          status: row.status as EntityStatus,
          title: row.title ?? null,
          description: row.description ?? null,
          score: null,
        })),
        total,
      };
    },

    /**
     * The exact number of entities matching the filters from the counts the catalog maintains, or null
     * for a combination without one (see `countEntities`). For search adapters' filter-only totals.
     */
    countEntities(organizationId: string, filters: EntityCountFilters, options?: TxOptions): Promise<number | null> {
      return countEntities(options?.trx ?? context.db, organizationId, filters);
    },

    /** Suggestions without an index: en titles starting with the prefix (case-insensitive). */
    async fallbackSuggest(
      organizationId: string,
      query: { prefix: string; type?: string; limit: number; isUnpublishedVisible: boolean },
      options?: TxOptions,
    ) {
      const pattern = `${query.prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      let select = catalogScope(options?.trx ?? context.db, organizationId)
        .selectFrom("catalogEntities")
        .innerJoin("catalogEntityAttributes", (join) =>
          join
            .onRef("catalogEntityAttributes.entityId", "=", "catalogEntities.id")
            .on("catalogEntityAttributes.locale", "=", "en"),
        )
        .where("catalogEntityAttributes.title", "ilike", pattern);
      if (query.type) select = select.where("catalogEntities.type", "=", query.type);
      if (!query.isUnpublishedVisible) select = select.where("catalogEntities.status", "=", "active");
      return select
        .select(["catalogEntities.id", "catalogEntities.slug", "catalogEntities.type", "catalogEntityAttributes.title"])
        .orderBy("catalogEntityAttributes.title")
        .limit(query.limit)
        .execute();
    },
  };
}
