import { anyOf, queryTemplate } from "../../db/query-template.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { catalogScope, type CatalogContext } from "./catalog-context.js";
import type { EntityStatus } from "./catalog-tables.js";

/** What is sold: an entity, or one of its variants. */
export interface SaleItemRef {
  entityId: string;
  variantId?: string | null | undefined;
}

/** What a cart or an order line needs to know about what it sells. */
export interface SaleItem {
  entityId: string;
  variantId: string | null;
  status: EntityStatus;
  slug: string;
  /** The entity's `en` title, when it has one. */
  title: string | null;
  /** The variant's SKU (null for an entity-level item or a variant without one). */
  sku: string | null;
}

/** Key of a sale item in the map `describeSaleItems` answers. */
export const saleItemKey = (ref: SaleItemRef): string => `${ref.entityId}:${ref.variantId ?? ""}`;

/** The entities with their `en` title. */
const describeEntities = queryTemplate((db, args: { organizationId: string; entityIds: readonly string[] }) =>
  catalogScope(db, args.organizationId)
    .selectFrom("catalogEntities")
    .leftJoin("catalogEntityAttributes", (join) =>
      join
        .onRef("catalogEntityAttributes.entityId", "=", "catalogEntities.id")
        .on("catalogEntityAttributes.locale", "=", "en"),
    )
    .select(["catalogEntities.id", "catalogEntities.status", "catalogEntities.slug", "catalogEntityAttributes.title"])
    .where("catalogEntities.id", "=", anyOf(args.entityIds, "uuid")),
);

const describeVariants = queryTemplate((db, args: { organizationId: string; variantIds: readonly string[] }) =>
  catalogScope(db, args.organizationId)
    .selectFrom("catalogVariants")
    .select(["id", "entityId", "sku"])
    .where("id", "=", anyOf(args.variantIds, "uuid")),
);

export function createSaleItemOperations(context: CatalogContext) {
  return {
    /**
     * Describes the entities and variants of the organization that `refs` name, keyed by `saleItemKey`;
     * a ref whose entity or variant does not exist (or belongs to another organization, or whose variant
     * belongs to another entity) is absent. Two queries whatever the number of refs.
     */
    async describeSaleItems(
      organizationId: string,
      refs: readonly SaleItemRef[],
      options?: TxOptions,
    ): Promise<Map<string, SaleItem>> {
      if (refs.length === 0) return new Map();
      const db = options?.trx ?? context.db;
      const entityIds = [...new Set(refs.map((ref) => ref.entityId))];
      const variantIds = [...new Set(refs.flatMap((ref) => (ref.variantId ? [ref.variantId] : [])))];
      const [entities, variants] = await Promise.all([
        describeEntities.execute(db, { organizationId, entityIds }).then((result) => result.rows),
        variantIds.length === 0
          ? []
          : describeVariants.execute(db, { organizationId, variantIds }).then((result) => result.rows),
      ]);
      const entityById = new Map(entities.map((entity) => [entity.id, entity]));
      const variantById = new Map(variants.map((variant) => [variant.id, variant]));
      const described = new Map<string, SaleItem>();
      for (const ref of refs) {
        const entity = entityById.get(ref.entityId);
        if (!entity) continue;
        const variant = ref.variantId ? variantById.get(ref.variantId) : undefined;
        if (ref.variantId && variant?.entityId !== ref.entityId) continue;
        described.set(saleItemKey(ref), {
          entityId: ref.entityId,
          variantId: ref.variantId ?? null,
          status: entity.status,
          slug: entity.slug,
          title: entity.title ?? null,
          sku: variant?.sku ?? null,
        });
      }
      return described;
    },
  };
}
