import { sql } from "kysely";
import { listPage } from "../../db/list-page.js";
import type { JsonText } from "../../http/json-text.js";
import { pageOffset, type PaginationQuery } from "../../http/pagination.js";
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

/** What an entity list is filtered on. */
export interface EntityListFilters {
  type?: string;
  status?: EntityStatus;
  /** Category id. */
  category?: string;
  /** Brand id. */
  brand?: string;
}

export interface EntitySort {
  field: EntitySortField;
  direction: "asc" | "desc";
}

/** A row's place in a sorted list: its sort field's value and its id (the tie-break). */
export interface EntityListPosition {
  id: string;
  value: string;
}

export interface EntityListQuery extends PaginationQuery, EntityListFilters {
  sort: EntitySort;
  include: readonly string[];
  /**
   * Keyset paging (a channel's catalog backfill, the route's `cursor`): the rows after this position in
   * the sort order, `page` ignored, with the whole list's total. Rows deleted or inserted meanwhile shift
   * nothing, unlike an offset. `value` is either the sort field as listed (an ISO date to the millisecond
   * for `createdAt`/`updatedAt`), or with `isExact` the value as `next` answered it (to the microsecond).
   */
  after?: EntityListPosition & {
    /**
     * `value` is the stored one (from `next`), so it is the position as it was: a row updated since
     * (its `updatedAt`, slug or status) moves nothing. Otherwise the stored value of that entity serves
     * while it exists, since a listed date lost its microseconds.
     * @default false
     */
    isExact?: boolean;
  };
}

/**
 * One page of entities with their includes, as JSON (`parse()` it for objects): one query for the page,
 * one per include, however many rows the page has, and the exact total from the maintained counts
 * (`count(*)` only for a category and a brand together). `next` is the position of the page's last row
 * when more rows follow (for `after` with `isExact`), else null.
 */
export async function listEntities(
  context: CatalogContext,
  organizationId: string,
  query: EntityListQuery,
  actor: Actor | null,
  options?: TxOptions,
): Promise<{ entities: JsonText; total: number; next: EntityListPosition | null }> {
  context.includes.assertKnown(query.include);
  const scope = catalogScope(options?.trx ?? context.db, organizationId);
  let select = scope.selectFrom("catalogEntities");
  if (query.type) select = select.where("type", "=", query.type);
  // A storefront (no catalog:read:unpublished) sees active entities only, whatever it filters on.
  const status = canSeeUnpublished(actor) ? query.status : query.status && query.status !== "active" ? null : "active";
  if (status === null) return { entities: await context.includes.applyAsJson([], query.include, { organizationId, actor, revisions: new Map(), trx: options?.trx }), total: 0, next: null };
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
  // The sort value as a cursor carries it: dates to the microsecond in UTC, since a listed (millisecond)
  // date would sit before the rows stored later in its millisecond.
  const sortValue = (field === "createdAt" || field === "updatedAt" ? sql<string>`to_char(${sql.ref(field)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : sql<string>`${sql.ref(field)}`).as("sortValue");
  const castValue = (value: string) => (field === "createdAt" || field === "updatedAt" ? sql`${value}::timestamptz` : sql`${value}::text`);
  // Keyset paging: the rows after that entity in the sort order, one more than the page to tell whether
  // another follows. A listed (millisecond) date is not the stored (microsecond) one: the stored value
  // serves while the entity exists; once it is gone, rows of its millisecond come again rather than
  // being skipped. An exact value (a cursor's) is the position itself.
  const rowsAfter = ({ id, value, isExact = false }: NonNullable<EntityListQuery["after"]>) => {
    const position = isExact
      ? sql`(${castValue(value)}, ${id}::uuid)`
      : sql`(coalesce((${scope.selectFrom("catalogEntities").select(field).where("id", "=", id)}), ${castValue(value)}), ${id}::uuid)`;
    return filtered
      .where(sql<boolean>`(${sql.ref(field)}, id) ${sql.raw(direction === "asc" ? ">" : "<")} ${position}`)
      .select(ENTITY_COLUMNS)
      .select(sortValue)
      .orderBy(field, direction)
      .orderBy("id", direction)
      .limit(query.limit + 1)
      .execute();
  };
  const keysetPage = async (after: NonNullable<EntityListQuery["after"]>) => {
    const fetched = await rowsAfter(after);
    return { rows: fetched.slice(0, query.limit), total: (await maintainedTotal()) ?? (await countAll()), hasNext: fetched.length > query.limit };
  };
  const offsetPage = async () => {
    const { rows, total } = await listPage(query, {
      rows: ({ limit, offset }) => {
        if (offset === 0) return filtered.select(ENTITY_COLUMNS).select(sortValue).orderBy(field, direction).orderBy("id", direction).limit(limit).execute();
        // A deep page skips its offset on the index alone (an index-only scan of ids), then reads only its
        // own rows: reading every skipped row's columns made page 400 four times slower at 100,000 entities.
        const pageIds = filtered.select("id").orderBy(field, direction).orderBy("id", direction).limit(limit).offset(offset);
        return filtered.where("id", "in", pageIds).select(ENTITY_COLUMNS).select(sortValue).orderBy(field, direction).orderBy("id", direction).execute();
      },
      maintainedTotal,
      countAll,
    });
    return { rows, total, hasNext: pageOffset(query) + rows.length < total };
  };
  const { rows, total, hasNext } = query.after ? await keysetPage(query.after) : await offsetPage();
  const last = rows.at(-1);
  const next = hasNext && last ? { id: last.id, value: last.sortValue } : null;
  const entities = rows.map((row) => toEntity(row));
  const revisions = new Map(rows.map((row) => [row.id, row.revision]));
  return { entities: await context.includes.applyAsJson(entities, query.include, { organizationId, actor, revisions, trx: options?.trx }), total, next };
}
