import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { AppError } from "../../kernel/app-error.js";
import type { Actor } from "../../kernel/actor.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import { inventoryScope, LEVEL_COLUMNS, toLevel, type InventoryContext, type StockLevel } from "./inventory-context.js";
import { inventoryErrors } from "./inventory-errors.js";
import { releaseExpired } from "./reservation-operations.js";
import { requireWarehouse } from "./warehouse-operations.js";

/** How each adjustment type moves on-hand stock: add, remove, or a signed correction. */
export const ADJUSTMENT_TYPES = { restock: 1, return: 1, sale: -1, damage: -1, correction: 0 } as const;

export type AdjustmentType = keyof typeof ADJUSTMENT_TYPES;

export interface AdjustInput {
  entityId: string;
  variantId?: string | null;
  warehouseId: string;
  type: AdjustmentType;
  /** A positive amount; for `correction` a signed, non-zero change. */
  quantity: number;
  note?: string | null;
}

/** Stock of one entity: totals over its rows, and the rows. */
export interface EntityStock {
  entityId: string;
  onHand: number;
  reserved: number;
  available: number;
  levels: StockLevel[];
}

/** The signed change an adjustment makes. */
export function adjustmentDelta(type: AdjustmentType, quantity: number): number {
  const direction = ADJUSTMENT_TYPES[type];
  if (direction === 0) {
    if (quantity === 0)
      throw AppError.validation([{ path: "body.quantity", message: "a correction must change the stock" }]);
    return quantity;
  }
  if (quantity <= 0)
    throw AppError.validation([{ path: "body.quantity", message: `${type} takes a positive quantity` }]);
  return direction * quantity;
}

/** Stock per entity from its rows (one query for many entities). */
export async function loadStock(
  db: Parameters<typeof inventoryScope>[0],
  organizationId: string,
  entityIds: readonly string[],
): Promise<Map<string, EntityStock>> {
  const rows =
    entityIds.length === 0
      ? []
      : await inventoryScope(db, organizationId)
          .selectFrom("inventoryLevels")
          .select(LEVEL_COLUMNS)
          .where("entityId", "in", entityIds)
          .orderBy("warehouseId")
          .orderBy("variantId")
          .execute();
  const stock = new Map<string, EntityStock>();
  for (const row of rows) {
    const level = toLevel(row);
    const entry = stock.get(row.entityId) ?? {
      entityId: row.entityId,
      onHand: 0,
      reserved: 0,
      available: 0,
      levels: [],
    };
    entry.onHand += level.onHand;
    entry.reserved += level.reserved;
    entry.available += level.available;
    entry.levels.push(level);
    stock.set(row.entityId, entry);
  }
  return stock;
}

export function createStockOperations(context: InventoryContext) {
  return {
    /**
     * Changes on-hand stock in one guarded statement: a removal only applies while it leaves at least the
     * reserved quantity, so available stock never goes negative whatever runs concurrently (409 otherwise).
     */
    async adjust(
      organizationId: string,
      input: AdjustInput,
      actor: Actor | null,
      options?: TxOptions,
    ): Promise<StockLevel> {
      const delta = adjustmentDelta(input.type, input.quantity);
      return inTransaction(context.database, options, async (trx) => {
        await context.services.catalog.requireSaleTarget(organizationId, input, { trx });
        await requireWarehouse(trx, organizationId, input.warehouseId);
        const scope = inventoryScope(trx, organizationId);
        const variantId = input.variantId ?? null;
        const before = await scope
          .selectFrom("inventoryLevels")
          .select(["onHand"])
          .where("warehouseId", "=", input.warehouseId)
          .where("entityId", "=", input.entityId)
          .where(sql<boolean>`variant_id is not distinct from ${variantId}`)
          .executeTakeFirst();
        const updated =
          delta > 0
            ? await scope
                .insertInto("inventoryLevels", {
                  id: randomUUID(),
                  warehouseId: input.warehouseId,
                  entityId: input.entityId,
                  variantId,
                  onHand: delta,
                  reserved: 0,
                })
                .onConflict((oc) =>
                  oc
                    .columns(["organizationId", "warehouseId", "entityId", "variantId"])
                    .doUpdateSet({ onHand: sql<number>`inventory_levels.on_hand + ${delta}`, updatedAt: new Date() }),
                )
                .returning(LEVEL_COLUMNS)
                .executeTakeFirst()
            : await scope
                .updateTable("inventoryLevels")
                .set({ onHand: sql<number>`on_hand + ${delta}`, updatedAt: new Date() })
                .where("warehouseId", "=", input.warehouseId)
                .where("entityId", "=", input.entityId)
                .where(sql<boolean>`variant_id is not distinct from ${variantId}`)
                .where(sql<boolean>`on_hand + ${delta} >= reserved`)
                .returning(LEVEL_COLUMNS)
                .executeTakeFirst();
        if (!updated) throw inventoryErrors.insufficientStock();
        const level = toLevel(updated);
        await scope
          .insertInto("inventoryAdjustments", {
            id: randomUUID(),
            warehouseId: input.warehouseId,
            entityId: input.entityId,
            variantId,
            type: input.type,
            quantity: delta,
            onHandAfter: level.onHand,
            actorId: actor?.id ?? null,
            note: input.note ?? null,
          })
          .execute();
        await context.events.emit(
          {
            organizationId,
            type: "inventory.afterAdjust",
            entityType: "inventoryLevel",
            entityId: level.id,
            payload: {
              entityId: input.entityId,
              variantId,
              warehouseId: input.warehouseId,
              type: input.type,
              quantity: delta,
              before: { onHand: before?.onHand ?? 0 },
              after: { onHand: level.onHand, reserved: level.reserved, available: level.available },
            },
            actor,
          },
          { trx },
        );
        return level;
      });
    },

    /**
     * Stock of the named entities; expired reservations are released first so `available` is current.
     * With `isUnpublishedVisible: false` (a storefront's request) an unpublished entity is a 404 like an
     * unknown one: its stock would tell that it exists. Modules checking their own lines leave it unset.
     */
    async check(
      organizationId: string,
      entityIds: readonly string[],
      options?: TxOptions & { isUnpublishedVisible?: boolean },
    ): Promise<EntityStock[]> {
      const unique = [...new Set(entityIds)];
      return inTransaction(context.database, options, async (trx) => {
        const described = await context.services.catalog.describeSaleItems(
          organizationId,
          unique.map((entityId) => ({ entityId })),
          { trx },
        );
        const visible = [...described.values()].filter(
          (item) => options?.isUnpublishedVisible !== false || item.status === "active",
        );
        if (visible.length !== unique.length) throw AppError.notFound("Catalog entity");
        await releaseExpired(trx, organizationId, { entityIds: unique });
        const stock = await loadStock(trx, organizationId, unique);
        return unique.map(
          (entityId) => stock.get(entityId) ?? { entityId, onHand: 0, reserved: 0, available: 0, levels: [] },
        );
      });
    },

    /** Zero stock rows for new variants (the catalog's `variants/quick`), in the catalog's transaction. */
    async seedZeroStock(
      input: { organizationId: string; entityId: string; variantIds: readonly string[]; warehouseId: string },
      { trx }: Required<TxOptions>,
    ): Promise<void> {
      if (input.variantIds.length === 0) return;
      await inventoryScope(trx, input.organizationId)
        .insertInto(
          "inventoryLevels",
          input.variantIds.map((variantId) => ({
            id: randomUUID(),
            warehouseId: input.warehouseId,
            entityId: input.entityId,
            variantId,
            onHand: 0,
            reserved: 0,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** Removes the stock rows and reservations of a deleted entity (catalog.delete, same transaction). */
    async removeEntityStock(organizationId: string, entityId: string, { trx }: Required<TxOptions>): Promise<void> {
      await inventoryScope(trx, organizationId)
        .deleteFrom("inventoryLevels")
        .where("entityId", "=", entityId)
        .execute();
    },
  };
}
