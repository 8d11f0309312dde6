import { sql } from "kysely";
import { listPage } from "../../db/list-page.js";
import type { JsonText } from "../../http/json-text.js";
import type { PaginationQuery } from "../../http/pagination.js";
import type { Actor } from "../../kernel/actor.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { canSeeUnpublished, catalogScope, ENTITY_COLUMNS, type CatalogContext } from "./catalog-context.js";
import type { EntityStatus } from "./catalog-tables.js";
import { countEntities } from "./entity-counts.js";
import { toEntity } from "./entity-output.js";

/** Fields `sort` accepts, as `field:direction`. Anything else is refused with a 422 by the route. */
export const ENTITY_SORT_FIELDS = ["createdAt", "updatedAt", "slug", "type", "status"] as const;

export type EntitySortField = (typeof ENTITY_SORT_FIELDS)[number];

/**
 * Indexes that answer a page in O(offset + limit) for each sort field, unfiltered and under the filters
 * lists use most (a storefront always filters `status = active`; admin screens filter a type and a
 * status). Each ends with `id`, the tie-break of every sort, and serves both directions (scanned
 * backwards for `desc`). Category and brand filters walk the sort index and probe the link table, so
 * their cost grows with the entities they skip (see the README).
 */
export const ENTITY_LIST_INDEXES = [
  `drop index catalog_entities_org_created_idx`,
  `drop index catalog_entities_org_type_status_idx`,
  `create index catalog_entities_list_created_idx on catalog_entities (organization_id, created_at, id)`,
  `create index catalog_entities_list_status_created_idx on catalog_entities (organization_id, status, created_at, id)`,
  `create index catalog_entities_list_type_status_created_idx on catalog_entities (organization_id, type, status, created_at, id)`,
  `create index catalog_entities_list_updated_idx on catalog_entities (organization_id, updated_at, id)`,
  `create index catalog_entities_list_status_updated_idx on catalog_entities (organization_id, status, updated_at, id)`,
  `create index catalog_entities_list_status_slug_idx on catalog_entities (organization_id, status, slug, id)`,
  `create index catalog_entities_list_slug_idx on catalog_entities (organization_id, slug, id)`,
  `create index catalog_entities_list_type_idx on catalog_entities (organization_id, type, id)`,
  `create index catalog_entities_list_status_idx on catalog_entities (organization_id, status, id)`,
];

export interface EntityListQuery extends PaginationQuery {
  type?: string;
  status?: EntityStatus;
  /** Category id. */
  category?: string;
  /** Brand id. */
  brand?: string;
  sort: { field: EntitySortField; direction: "asc" | "desc" };
  include: readonly string[];
  /**
   * Keyset paging for services that walk a whole list (a channel's catalog backfill): the rows after this
   * entity in the sort order, `page` ignored, with the whole list's total. `value` is the entity's sort
   * field as listed (an ISO date for `createdAt`/`updatedAt`). Rows deleted or inserted meanwhile shift
   * nothing, unlike an offset.
   */
  after?: { id: string; value: string };
}

/**
 * One page of entities with their includes, as JSON (`parse()` it for objects): one query for the page,
 * one per include, however many rows the page has, and the exact total from the maintained counts
 * (`count(*)` only for a category and a brand together).
 */
export async function listEntities(
  context: CatalogContext,
  organizationId: string,
  query: EntityListQuery,
  actor: Actor | null,
  options?: TxOptions,
): Promise<{ entities: JsonText; total: number }> {
  context.includes.assertKnown(query.include);
  const scope = catalogScope(options?.trx ?? context.db, organizationId);
  let select = scope.selectFrom("catalogEntities");
  if (query.type) select = select.where("type", "=", query.type);
  // A storefront (no catalog:read:unpublished) sees active entities only, whatever it filters on.
  const status = canSeeUnpublished(actor) ? query.status : query.status && query.status !== "active" ? null : "active";
  if (status === null) return { entities: await context.includes.applyAsJson([], query.include, { organizationId, actor, revisions: new Map(), trx: options?.trx }), total: 0 };
  if (status) select = select.where("status", "=", status);
  if (query.category) {
    const categoryId = query.category;
    select = select.where("id", "in", scope.selectFrom("catalogEntityCategories").select("entityId").where("categoryId", "=", categoryId));
  }
  if (query.brand) {
    const brandId = query.brand;
    select = select.where("id", "in", scope.selectFrom("catalogEntityBrands").select("entityId").where("brandId", "=", brandId));
  }
  const filtered = select;
  const { field, direction } = query.sort;
  const maintainedTotal = () => countEntities(options?.trx ?? context.db, organizationId, { type: query.type, status, category: query.category, brand: query.brand });
  const countAll = async () => Number((await filtered.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirst())?.count ?? 0);
  // Keyset paging: the rows after that entity in the sort order. `value` is the listed (millisecond)
  // date, the stored one microseconds: the stored value serves while the entity exists; once it is gone,
  // rows of its millisecond come again rather than being skipped.
  const rowsAfter = ({ id, value }: NonNullable<EntityListQuery["after"]>) => {
    const position = sql`(coalesce((${scope.selectFrom("catalogEntities").select(field).where("id", "=", id)}), ${value}), ${id}::uuid)`;
    return filtered
      .where(sql<boolean>`(${sql.ref(field)}, id) ${sql.raw(direction === "asc" ? ">" : "<")} ${position}`)
      .select(ENTITY_COLUMNS)
      .orderBy(field, direction)
      .orderBy("id", direction)
      .limit(query.limit)
      .execute();
  };
  const { rows, total } = query.after
    ? { rows: await rowsAfter(query.after), total: (await maintainedTotal()) ?? (await countAll()) }
    : await listPage(query, {
        rows: ({ limit, offset }) => {
          if (offset === 0) return filtered.select(ENTITY_COLUMNS).orderBy(field, direction).orderBy("id", direction).limit(limit).execute();
          // A deep page skips its offset on the index alone (an index-only scan of ids), then reads only its
          // own rows: reading every skipped row's columns made page 400 four times slower at 100,000 entities.
          const pageIds = filtered.select("id").orderBy(field, direction).orderBy("id", direction).limit(limit).offset(offset);
          return filtered.where("id", "in", pageIds).select(ENTITY_COLUMNS).orderBy(field, direction).orderBy("id", direction).execute();
        },
        maintainedTotal,
        countAll,
      });
  const entities = rows.map((row) => toEntity(row));
  const revisions = new Map(rows.map((row) => [row.id, row.revision]));
  return { entities: await context.includes.applyAsJson(entities, query.include, { organizationId, actor, revisions, trx: options?.trx }), total };
}
