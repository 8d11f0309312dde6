import { sql, type RawBuilder } from "kysely";
import { listPage } from "../../db/list-page.js";
import { organizationGeneration } from "../../db/organization-generations.js";
import type { JsonText } from "../../http/json-text.js";
import { pageOffset, type PaginationQuery } from "../../http/pagination.js";
import type { Actor } from "../../kernel/actor.js";
import type { TxOptions } from "../../kernel/transaction.js";
import {
  canSeeUnpublished,
  catalogScope,
  ENTITY_COLUMNS,
  type CatalogContext,
  type EntityRow,
} from "./catalog-context.js";
import type { EntityStatus } from "./catalog-tables.js";
import { countEntities } from "./entity-counts.js";
import { toEntity } from "./entity-output.js";
import { ANCHOR_SPACING, anchoredPage, type AnchoredList } from "./page-anchors.js";

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

/** A listed row: the entity and its sort value as keyset statements take it. */
type ListedRow = EntityRow & { sortValue: string };

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
  if (status === null)
    return {
      entities: await context.includes.applyAsJson([], query.include, {
        organizationId,
        actor,
        revisions: new Map(),
        trx: options?.trx,
      }),
      total: 0,
      next: null,
    };
  if (status) select = select.where("status", "=", status);
  if (query.category) {
    const categoryId = query.category;
    select = select.where(
      "id",
      "in",
      scope.selectFrom("catalogEntityCategories").select("entityId").where("categoryId", "=", categoryId),
    );
  }
  if (query.brand) {
    const brandId = query.brand;
    select = select.where(
      "id",
      "in",
      scope.selectFrom("catalogEntityBrands").select("entityId").where("brandId", "=", brandId),
    );
  }
  const filtered = select;
  const { field, direction } = query.sort;
  const maintainedTotal = () =>
    countEntities(options?.trx ?? context.db, organizationId, {
      type: query.type,
      status,
      category: query.category,
      brand: query.brand,
    });
  const countAll = async () =>
    Number((await filtered.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirst())?.count ?? 0);
  // The sort value as a cursor carries it: dates to the microsecond in UTC, since a listed (millisecond)
  // date would sit before the rows stored later in its millisecond.
  const sortExpression =
    field === "createdAt" || field === "updatedAt"
      ? sql<string>`to_char(${sql.ref(field)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
      : sql<string>`${sql.ref(field)}`;
  const sortValue = sortExpression.as("sortValue");
  const castValue = (value: string) =>
    field === "createdAt" || field === "updatedAt" ? sql`${value}::timestamptz` : sql`${value}::text`;
  const dir = sql.raw(direction);
  const rowsAfter = (position: RawBuilder<unknown>) =>
    filtered.where(sql<boolean>`(${sql.ref(field)}, id) ${sql.raw(direction === "asc" ? ">" : "<")} ${position}`);
  const exactPosition = ({ value, id }: { value: string; id: string }) => sql`(${castValue(value)}, ${id}::uuid)`;
  const listed = (select: typeof filtered) =>
    select.select(ENTITY_COLUMNS).select(sortValue).orderBy(field, direction).orderBy("id", direction);
  // Keyset paging: the rows after that entity in the sort order, one more than the page to tell whether
  // another follows. A listed (millisecond) date is not the stored (microsecond) one: the stored value
  // serves while the entity exists; once it is gone, rows of its millisecond come again rather than
  // being skipped. An exact value (a cursor's) is the position itself.
  const keysetPage = async (after: NonNullable<EntityListQuery["after"]>) => {
    const position = after.isExact
      ? exactPosition(after)
      : sql`(coalesce((${scope.selectFrom("catalogEntities").select(field).where("id", "=", after.id)}), ${castValue(after.value)}), ${after.id}::uuid)`;
    const fetched = await listed(rowsAfter(position))
      .limit(query.limit + 1)
      .execute();
    return {
      rows: fetched.slice(0, query.limit),
      total: (await maintainedTotal()) ?? (await countAll()),
      hasNext: fetched.length > query.limit,
    };
  };
  // A deep page skips its offset on the index alone (an index-only scan of ids), then reads only its
  // own rows: reading every skipped row's columns made deep pages several times slower at 100,000 entities
  // (see bench/results/catalog-scale.md).
  const offsetRows = (offset: number) => {
    if (offset === 0) return listed(filtered).limit(query.limit).execute();
    const pageIds = filtered
      .select("id")
      .orderBy(field, direction)
      .orderBy("id", direction)
      .limit(query.limit)
      .offset(offset);
    return listed(filtered.where("id", "in", pageIds)).execute();
  };
  // Outside a transaction, a page past the first anchor seeks to it (see `page-anchors.ts`). Inside one,
  // the transaction's own writes have not moved the generation yet: anchors would not see them.
  const anchors = options?.trx ? undefined : context.pageAnchors;
  const generation = organizationGeneration("catalog_list_generations", organizationId);
  const anchoredList: AnchoredList<ListedRow> = {
    async scan(from, rows) {
      // Only anchors need their sort value as text: the scan numbers the raw values.
      const numbered = (from ? rowsAfter(exactPosition(from)) : filtered)
        .select(["id", field, sql<string>`row_number() over (order by ${sql.ref(field)} ${dir}, id ${dir})`.as("n")])
        .orderBy(field, direction)
        .orderBy("id", direction)
        .limit(rows);
      const { rows: found } = await sql<{
        generation: string;
        read: number;
        id: string | null;
        sortValue: string | null;
        n: string | null;
      }>`
        with numbered as materialized (${numbered})
        select g.generation, (select count(*)::int from numbered) as read, a.id, ${sortExpression} as sort_value, a.n
        from (select ${generation} as generation) g left join (select * from numbered where n % ${ANCHOR_SPACING} = 0) a on true
        order by a.n`.execute(context.db);
      return {
        generation: Number(found[0]?.generation),
        read: found[0]?.read ?? 0,
        anchors: found.flatMap(({ id, sortValue: value, n }) =>
          id === null || value === null || n === null ? [] : [{ id, value, n: Number(n) }],
        ),
      };
    },
    async page(from, skip) {
      const page = listed(from ? rowsAfter(exactPosition(from)) : filtered)
        .offset(skip)
        .limit(query.limit);
      // The lateral join answers one row of nulls beside the generation when the page is empty.
      const { rows: found } = await sql<{ generation: string } & (ListedRow | { [K in keyof ListedRow]: null })>`
        select g.generation, p.* from (select ${generation} as generation) g left join lateral (${page}) p on true
        order by p.${sql.ref(field)} ${dir}, p.id ${dir}`.execute(context.db);
      return { generation: Number(found[0]?.generation), rows: found.flatMap((row) => (row.id === null ? [] : [row])) };
    },
  };
  const anchorKey = [organizationId, query.type, status, query.category, query.brand, field, direction].join("\u0000");
  const offsetPage = async () => {
    const { rows, total } = await listPage(query, {
      rows: async ({ offset }) =>
        (anchors && offset >= ANCHOR_SPACING ? await anchoredPage(anchors, anchorKey, offset, anchoredList) : null) ??
        (await offsetRows(offset)),
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
  return {
    entities: await context.includes.applyAsJson(entities, query.include, {
      organizationId,
      actor,
      revisions,
      trx: options?.trx,
    }),
    total,
    next,
  };
}
