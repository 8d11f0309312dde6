import { sql } from "kysely";
import type { JsonText } from "../../http/json-text.js";
import { pageOffset, type PaginationQuery } from "../../http/pagination.js";
import type { Actor } from "../../kernel/actor.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { canSeeUnpublished, catalogScope, ENTITY_COLUMNS, type CatalogContext } from "./catalog-context.js";
import type { EntityStatus } from "./catalog-tables.js";
import { toEntity } from "./entity-output.js";

/** Fields `sort` accepts, as `field:direction`. Anything else is refused with a 422 by the route. */
export const ENTITY_SORT_FIELDS = ["createdAt", "updatedAt", "slug", "type", "status"] as const;

export type EntitySortField = (typeof ENTITY_SORT_FIELDS)[number];

export interface EntityListQuery extends PaginationQuery {
  type?: string;
  status?: EntityStatus;
  /** Category id. */
  category?: string;
  /** Brand id. */
  brand?: string;
  sort: { field: EntitySortField; direction: "asc" | "desc" };
  include: readonly string[];
}

/**
 * One page of entities with their includes, as JSON (`parse()` it for objects): one query for the page
 * (the total rides along as a window count) plus one per include, however many rows the page has.
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
  let select = scope.selectFrom("catalogEntities").select([...ENTITY_COLUMNS, sql<number>`count(*) over ()`.as("total")]);
  if (query.type) select = select.where("type", "=", query.type);
  if (query.status) select = select.where("status", "=", query.status);
  // A storefront (no catalog:read:unpublished) sees active entities only, whatever it filters on.
  if (!canSeeUnpublished(actor)) select = select.where("status", "=", "active");
  if (query.category) {
    const categoryId = query.category;
    select = select.where("id", "in", scope.selectFrom("catalogEntityCategories").select("entityId").where("categoryId", "=", categoryId));
  }
  if (query.brand) {
    const brandId = query.brand;
    select = select.where("id", "in", scope.selectFrom("catalogEntityBrands").select("entityId").where("brandId", "=", brandId));
  }
  const rows = await select
    .orderBy(query.sort.field, query.sort.direction)
    .orderBy("id", query.sort.direction)
    .limit(query.limit)
    .offset(pageOffset(query))
    .execute();
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    // Past the last page the window count has no row to ride on.
    const counted = await select.clearSelect().select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst();
    total = Number(counted?.count ?? 0);
  }
  const entities = rows.map((row) => toEntity(row));
  const revisions = new Map(rows.map((row) => [row.id, row.revision]));
  return { entities: await context.includes.applyAsJson(entities, query.include, { organizationId, actor, revisions, trx: options?.trx }), total };
}
