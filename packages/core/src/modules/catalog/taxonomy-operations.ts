import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { pageOffset, type PaginationQuery } from "../../http/pagination.js";
import type { Actor } from "../../kernel/actor.js";
import { catalogScope, emitCatalogEvent, requireEntity, touchEntity, type CatalogContext } from "./catalog-context.js";
import { catalogErrors } from "./catalog-errors.js";
import type { brandSchema, categorySchema } from "./catalog-schemas.js";
import { AppError } from "../../kernel/app-error.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";

/** A category; `parentId` builds the tree. */
export type Category = z.output<typeof categorySchema>;

/** A brand. */
export type Brand = z.output<typeof brandSchema>;

export type CategoryInput = { name: string; slug: string; parentId?: string | null; description?: string | null };
export type BrandInput = { name: string; slug: string; description?: string | null };

const CATEGORY_COLUMNS = ["id", "name", "slug", "parentId", "description"] as const;
const BRAND_COLUMNS = ["id", "name", "slug", "description"] as const;

/** Categories and brands: CRUD, and linking entities to them. */
export function createTaxonomyOperations(context: CatalogContext) {
  const requireCategory = async (
    db: Parameters<typeof catalogScope>[0],
    organizationId: string,
    id: string,
  ): Promise<Category> => {
    const row = await catalogScope(db, organizationId)
      .selectFrom("catalogCategories")
      .select(CATEGORY_COLUMNS)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw catalogErrors.categoryNotFound();
    return row;
  };
  const requireBrand = async (
    db: Parameters<typeof catalogScope>[0],
    organizationId: string,
    id: string,
  ): Promise<Brand> => {
    const row = await catalogScope(db, organizationId)
      .selectFrom("catalogBrands")
      .select(BRAND_COLUMNS)
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) throw catalogErrors.brandNotFound();
    return row;
  };

  /** Links or unlinks an entity in one transaction with its catalog.update event. */
  const link =
    (kind: "category" | "brand", isAttach: boolean) =>
    async (organizationId: string, idOrSlug: string, targetId: string, actor: Actor | null, options?: TxOptions) =>
      inTransaction(context.database, options, async (trx) => {
        const entity = await requireEntity(trx, organizationId, idOrSlug, { lock: true });
        const scope = catalogScope(trx, organizationId);
        const target =
          kind === "category"
            ? await requireCategory(trx, organizationId, targetId)
            : await requireBrand(trx, organizationId, targetId);
        let changed: bigint | number;
        if (kind === "category") {
          changed = isAttach
            ? ((
                await scope
                  .insertInto("catalogEntityCategories", { entityId: entity.id, categoryId: target.id })
                  .onConflict((oc) => oc.doNothing())
                  .executeTakeFirst()
              ).numInsertedOrUpdatedRows ?? 0n)
            : (
                await scope
                  .deleteFrom("catalogEntityCategories")
                  .where("entityId", "=", entity.id)
                  .where("categoryId", "=", target.id)
                  .executeTakeFirst()
              ).numDeletedRows;
        } else {
          changed = isAttach
            ? ((
                await scope
                  .insertInto("catalogEntityBrands", { entityId: entity.id, brandId: target.id })
                  .onConflict((oc) => oc.doNothing())
                  .executeTakeFirst()
              ).numInsertedOrUpdatedRows ?? 0n)
            : (
                await scope
                  .deleteFrom("catalogEntityBrands")
                  .where("entityId", "=", entity.id)
                  .where("brandId", "=", target.id)
                  .executeTakeFirst()
              ).numDeletedRows;
        }
        if (!isAttach && Number(changed) === 0)
          throw new AppError("NOT_FOUND", { message: `The ${kind} is not attached to this entity` });
        if (Number(changed) > 0) {
          await touchEntity(trx, organizationId, entity.id);
          await emitCatalogEvent(context, trx, {
            organizationId,
            type: "catalog.update",
            entityId: entity.id,
            payload: { change: isAttach ? `${kind}Attached` : `${kind}Detached`, [`${kind}Id`]: target.id },
            actor,
          });
        }
        return { entityId: entity.id, [`${kind}Id`]: target.id, isAttached: isAttach };
      });

  return {
    async listCategories(organizationId: string, query: PaginationQuery & { parentId?: string }, options?: TxOptions) {
      let select = catalogScope(options?.trx ?? context.db, organizationId).selectFrom("catalogCategories");
      if (query.parentId) select = select.where("parentId", "=", query.parentId);
      const [items, counted] = await Promise.all([
        select
          .select(CATEGORY_COLUMNS)
          .orderBy("name")
          .orderBy("id")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        select.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst(),
      ]);
      return { items: items as Category[], total: Number(counted?.count ?? 0) };
    },
    async createCategory(organizationId: string, input: CategoryInput, options?: TxOptions): Promise<Category> {
      return inTransaction(context.database, options, async (trx) => {
        if (input.parentId) await requireCategory(trx, organizationId, input.parentId);
        const row = {
          id: randomUUID(),
          name: input.name,
          slug: input.slug,
          parentId: input.parentId ?? null,
          description: input.description ?? null,
        };
        await catalogScope(trx, organizationId).insertInto("catalogCategories", row).execute();
        return row;
      });
    },
    async updateCategory(
      organizationId: string,
      id: string,
      input: Partial<CategoryInput>,
      options?: TxOptions,
    ): Promise<Category> {
      return inTransaction(context.database, options, async (trx) => {
        await requireCategory(trx, organizationId, id);
        if (input.parentId) {
          if (input.parentId === id)
            throw AppError.validation([{ path: "body.parentId", message: "a category cannot be its own parent" }]);
          await requireCategory(trx, organizationId, input.parentId);
        }
        await catalogScope(trx, organizationId)
          .updateTable("catalogCategories")
          .set(input)
          .where("id", "=", id)
          .execute();
        return requireCategory(trx, organizationId, id);
      });
    },
    async deleteCategory(organizationId: string, id: string, options?: TxOptions): Promise<Category> {
      return inTransaction(context.database, options, async (trx) => {
        const category = await requireCategory(trx, organizationId, id);
        await catalogScope(trx, organizationId).deleteFrom("catalogCategories").where("id", "=", id).execute();
        return category;
      });
    },
    async listBrands(organizationId: string, query: PaginationQuery, options?: TxOptions) {
      const select = catalogScope(options?.trx ?? context.db, organizationId).selectFrom("catalogBrands");
      const [items, counted] = await Promise.all([
        select
          .select(BRAND_COLUMNS)
          .orderBy("name")
          .orderBy("id")
          .limit(query.limit)
          .offset(pageOffset(query))
          .execute(),
        select.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirst(),
      ]);
      return { items: items as Brand[], total: Number(counted?.count ?? 0) };
    },
    async createBrand(organizationId: string, input: BrandInput, options?: TxOptions): Promise<Brand> {
      const row = { id: randomUUID(), name: input.name, slug: input.slug, description: input.description ?? null };
      // One statement: atomic on the pool, or part of the caller's transaction.
      await catalogScope(options?.trx ?? context.db, organizationId)
        .insertInto("catalogBrands", row)
        .execute();
      return row;
    },
    async updateBrand(
      organizationId: string,
      id: string,
      input: Partial<BrandInput>,
      options?: TxOptions,
    ): Promise<Brand> {
      return inTransaction(context.database, options, async (trx) => {
        await requireBrand(trx, organizationId, id);
        await catalogScope(trx, organizationId).updateTable("catalogBrands").set(input).where("id", "=", id).execute();
        return requireBrand(trx, organizationId, id);
      });
    },
    async deleteBrand(organizationId: string, id: string, options?: TxOptions): Promise<Brand> {
      return inTransaction(context.database, options, async (trx) => {
        const brand = await requireBrand(trx, organizationId, id);
        await catalogScope(trx, organizationId).deleteFrom("catalogBrands").where("id", "=", id).execute();
        return brand;
      });
    },
    attachCategory: link("category", true),
    detachCategory: link("category", false),
    attachBrand: link("brand", true),
    detachBrand: link("brand", false),
  };
}
