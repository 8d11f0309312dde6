import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { AppError } from "../../kernel/app-error.js";
import type { Actor } from "../../kernel/actor.js";
import { catalogScope, emitCatalogEvent, requireEntity, touchEntity, type CatalogContext } from "./catalog-context.js";
import { asSkuTaken, catalogErrors } from "./catalog-errors.js";
import type { createVariantInput, quickVariantInput } from "./catalog-schemas.js";
import { cartesian, matrixSize, MAX_VARIANT_MATRIX, optionKey } from "./variant-matrix.js";
import { OPTION_VALUE_COLUMNS, toVariant, VARIANT_COLUMNS, type OptionValue, type Variant } from "./variant-types.js";
import { upsertAxes, type Axis, type ResolvedAxis } from "./option-axes.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";

/** What `createVariant` takes: the input of the route's body schema. */
export type CreateVariantInput = z.input<typeof createVariantInput>;

/** What `quickVariant` takes: the input of the route's body schema. */
export type QuickVariantInput = z.input<typeof quickVariantInput>;

/** What generate and bulk answer. */
export interface VariantBatch {
  created: Variant[];
  /** Combinations that already existed and were left alone. */
  skipped: number;
}

type Combination = { valueIds: string[]; options: Record<string, string> };

/** Variants: one by option values, a generated matrix, the quick upsert, and the bulk matrix from axes. */
export function createVariantOperations(context: CatalogContext) {
  /** Inserts combinations, skipping those that exist (also when a concurrent call created them). */
  async function insertCombinations(
    trx: Transaction<CoreTables>,
    input: {
      organizationId: string;
      entityId: string;
      combinations: Combination[];
      sku?: string | null;
      metadata?: Record<string, unknown>;
    },
  ): Promise<Variant[]> {
    if (input.combinations.length === 0) return [];
    const scope = catalogScope(trx, input.organizationId);
    const counted = await scope
      .selectFrom("catalogVariants")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("entityId", "=", input.entityId)
      .executeTakeFirst();
    const offset = Number(counted?.count ?? 0);
    const inserting = scope
      .insertInto(
        "catalogVariants",
        input.combinations.map((combination, index) => ({
          id: randomUUID(),
          entityId: input.entityId,
          sku: input.sku ?? null,
          optionKey: optionKey(combination.valueIds),
          options: JSON.stringify(combination.options),
          optionValueIds: JSON.stringify(combination.valueIds),
          position: offset + index,
          metadata: JSON.stringify(input.metadata ?? {}),
        })),
      )
      .onConflict((oc) => oc.columns(["entityId", "optionKey"]).doNothing())
      .returning(VARIANT_COLUMNS)
      .execute();
    // A taken SKU answers as the variant patch does: 409 SKU_TAKEN, named on body.sku.
    const inserted = await inserting.catch((error: unknown) => {
      throw asSkuTaken(error, input.sku);
    });
    return inserted.map((row) => toVariant(row));
  }

  async function announce(
    trx: Transaction<CoreTables>,
    input: {
      organizationId: string;
      entityId: string;
      variants: Variant[];
      actor: Actor | null;
      isStockSeeded: boolean;
      warehouseId?: string;
    },
  ) {
    if (input.variants.length === 0) return;
    const variantIds = input.variants.map((variant) => variant.id);
    await touchEntity(trx, input.organizationId, input.entityId);
    await emitCatalogEvent(context, trx, {
      organizationId: input.organizationId,
      type: "catalog.update",
      entityId: input.entityId,
      payload: { change: "variantsCreated", after: { variants: input.variants } },
      actor: input.actor,
    });
    await context.variantListeners.notify({
      trx,
      organizationId: input.organizationId,
      entityId: input.entityId,
      variantIds,
      isStockSeeded: input.isStockSeeded,
      ...(input.warehouseId ? { warehouseId: input.warehouseId } : {}),
    });
  }

  function combinationsOf(axes: ResolvedAxis[]): Combination[] {
    const size = matrixSize(axes.map((axis) => axis.values));
    if (size > MAX_VARIANT_MATRIX) throw catalogErrors.matrixTooLarge(size, MAX_VARIANT_MATRIX);
    return cartesian(axes.map((axis) => axis.values.map((value) => ({ axis: axis.name, value })))).map((picks) => ({
      valueIds: picks.map((pick) => pick.value.id),
      options: Object.fromEntries(picks.map((pick) => [pick.axis, pick.value.value])),
    }));
  }

  return {
    async createVariant(
      organizationId: string,
      idOrSlug: string,
      input: CreateVariantInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<Variant> {
      return inTransaction(context.database, options, async (trx) => {
        const entity = await requireEntity(trx, organizationId, idOrSlug, { lock: true });
        const ids = [...new Set(input.optionValueIds)];
        const values =
          ids.length === 0
            ? []
            : await catalogScope(trx, organizationId)
                .selectFrom("catalogOptionValues")
                .innerJoin("catalogOptionTypes", "catalogOptionTypes.id", "catalogOptionValues.optionTypeId")
                .select([
                  ...OPTION_VALUE_COLUMNS.map((column) => `catalogOptionValues.${column}` as const),
                  "catalogOptionTypes.name as typeName",
                ])
                .where("catalogOptionTypes.entityId", "=", entity.id)
                .where("catalogOptionValues.id", "in", ids)
                .execute();
        if (values.length !== ids.length)
          throw AppError.validation([
            { path: "body.optionValueIds", message: "every value must be an option value of this entity" },
          ]);
        if (new Set(values.map((value) => value.optionTypeId)).size !== values.length) {
          throw AppError.validation([{ path: "body.optionValueIds", message: "at most one value per option type" }]);
        }
        const combination = {
          valueIds: ids,
          options: Object.fromEntries(values.map((value) => [value.typeName, value.value])),
        };
        const [variant] = await insertCombinations(trx, {
          organizationId,
          entityId: entity.id,
          combinations: [combination],
          sku: input.sku ?? null,
          ...(input.metadata ? { metadata: input.metadata } : {}),
        });
        if (!variant) throw AppError.conflict("A variant with these option values already exists");
        await announce(trx, { organizationId, entityId: entity.id, variants: [variant], actor, isStockSeeded: false });
        return variant;
      });
    },

    /** The matrix of the entity's existing option types (all, or those named), skipping existing combinations. */
    async generateVariants(
      organizationId: string,
      idOrSlug: string,
      input: { optionTypeIds?: string[] },
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<VariantBatch> {
      return inTransaction(context.database, options, async (trx) => {
        const entity = await requireEntity(trx, organizationId, idOrSlug, { lock: true });
        const scope = catalogScope(trx, organizationId);
        let typesQuery = scope
          .selectFrom("catalogOptionTypes")
          .select(["id", "name"])
          .where("entityId", "=", entity.id);
        if (input.optionTypeIds)
          typesQuery = typesQuery.where(
            "id",
            "in",
            input.optionTypeIds.length > 0 ? input.optionTypeIds : [randomUUID()],
          );
        const types = await typesQuery.orderBy("position").orderBy("name").execute();
        if (input.optionTypeIds && types.length !== new Set(input.optionTypeIds).size)
          throw catalogErrors.optionTypeNotFound();
        if (types.length === 0)
          throw AppError.validation([{ path: "body", message: "the entity has no option types to generate from" }]);
        const values = await scope
          .selectFrom("catalogOptionValues")
          .select(OPTION_VALUE_COLUMNS)
          .where(
            "optionTypeId",
            "in",
            types.map((type) => type.id),
          )
          .orderBy("position")
          .orderBy("value")
          .execute();
        const axes = types.map((type) => ({
          name: type.name,
          values: values.filter((value) => value.optionTypeId === type.id) as OptionValue[],
        }));
        const combinations = combinationsOf(axes);
        const created = await insertCombinations(trx, { organizationId, entityId: entity.id, combinations });
        await announce(trx, { organizationId, entityId: entity.id, variants: created, actor, isStockSeeded: false });
        return { created, skipped: combinations.length - created.length };
      });
    },

    /** Upserts the option axes inline and the variant; seeds zero stock for a new one. */
    async quickVariant(
      organizationId: string,
      idOrSlug: string,
      input: QuickVariantInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<{ variant: Variant; isCreated: boolean }> {
      return inTransaction(context.database, options, async (trx) => {
        const entity = await requireEntity(trx, organizationId, idOrSlug, { lock: true });
        const axes = await upsertAxes(
          trx,
          organizationId,
          entity.id,
          Object.entries(input.options).map(([name, value]) => ({ name, values: [value] })),
        );
        const [combination] = combinationsOf(axes);
        if (!combination) throw AppError.validation([{ path: "body.options", message: "name at least one option" }]);
        const existing = await catalogScope(trx, organizationId)
          .selectFrom("catalogVariants")
          .select(VARIANT_COLUMNS)
          .where("entityId", "=", entity.id)
          .where("optionKey", "=", optionKey(combination.valueIds))
          .executeTakeFirst();
        if (existing) return { variant: toVariant(existing), isCreated: false };
        const [variant] = await insertCombinations(trx, {
          organizationId,
          entityId: entity.id,
          combinations: [combination],
          sku: input.sku ?? null,
          ...(input.metadata ? { metadata: input.metadata } : {}),
        });
        if (!variant) throw AppError.conflict("The variant was created concurrently; retry");
        await announce(trx, {
          organizationId,
          entityId: entity.id,
          variants: [variant],
          actor,
          isStockSeeded: true,
          ...(input.warehouseId ? { warehouseId: input.warehouseId } : {}),
        });
        return { variant, isCreated: true };
      });
    },

    /** The full cartesian matrix of the axes (created as needed), skipping existing combinations. */
    async bulkVariants(
      organizationId: string,
      idOrSlug: string,
      input: { axes: Axis[] },
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<VariantBatch> {
      const size = matrixSize(input.axes.map((axis) => [...new Set(axis.values)]));
      // Refuse before touching anything: the axes alone say how big the matrix would be.
      if (size > MAX_VARIANT_MATRIX) throw catalogErrors.matrixTooLarge(size, MAX_VARIANT_MATRIX);
      return inTransaction(context.database, options, async (trx) => {
        const entity = await requireEntity(trx, organizationId, idOrSlug, { lock: true });
        const axes = await upsertAxes(trx, organizationId, entity.id, input.axes);
        const combinations = combinationsOf(axes);
        const created = await insertCombinations(trx, { organizationId, entityId: entity.id, combinations });
        await announce(trx, { organizationId, entityId: entity.id, variants: created, actor, isStockSeeded: false });
        return { created, skipped: combinations.length - created.length };
      });
    },

    /**
     * Checks that an entity, and the variant when one is named, exist in the organization: 404 otherwise
     * (`SALE_TARGET_NOT_FOUND`, which checkout reads as an item no longer for sale). For modules that keep
     * rows about an entity or a variant (prices, stock, tax classes, media).
     */
    async requireSaleTarget(
      organizationId: string,
      target: { entityId: string; variantId?: string | null | undefined },
      options?: TxOptions,
    ): Promise<void> {
      const scope = catalogScope(options?.trx ?? context.db, organizationId);
      const entity = await scope
        .selectFrom("catalogEntities")
        .select("id")
        .where("id", "=", target.entityId)
        .executeTakeFirst();
      if (!entity) throw catalogErrors.saleTargetNotFound("Catalog entity");
      if (!target.variantId) return;
      const variant = await scope
        .selectFrom("catalogVariants")
        .select("id")
        .where("id", "=", target.variantId)
        .where("entityId", "=", target.entityId)
        .executeTakeFirst();
      if (!variant) throw catalogErrors.saleTargetNotFound("Variant");
    },

    /** Checks that a variant belongs to an entity of the organization (for modules referencing variants). */
    requireVariant: (
      organizationId: string,
      entityId: string,
      variantId: string,
      options?: TxOptions,
    ): Promise<Variant> => findVariant(options?.trx ?? context.db, organizationId, entityId, variantId),
  };
}

/** The variant of an entity of the organization; 404 otherwise. */
async function findVariant(
  db: Parameters<typeof catalogScope>[0],
  organizationId: string,
  entityId: string,
  variantId: string,
): Promise<Variant> {
  const row = await catalogScope(db, organizationId)
    .selectFrom("catalogVariants")
    .select(VARIANT_COLUMNS)
    .where("id", "=", variantId)
    .where("entityId", "=", entityId)
    .executeTakeFirst();
  if (!row) throw catalogErrors.variantNotFound();
  return toVariant(row);
}
