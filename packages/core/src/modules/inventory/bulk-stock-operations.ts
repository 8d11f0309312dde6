import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Actor } from "../../kernel/actor.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { inventoryScope, type InventoryContext } from "./inventory-context.js";
import { DEFAULT_WAREHOUSE_CODE, defaultWarehouse } from "./warehouse-operations.js";

/** An absolute on-hand quantity for one stock row of a bulk write. */
export interface BulkStockInput {
  entityId: string;
  variantId: string | null;
  warehouseId: string;
  onHand: number;
}

/** What a bulk stock write did: rows changed, and the inputs refused (index and reason), of which nothing was written. */
export interface BulkStockResult {
  changed: number;
  refused: { index: number; reason: string }[];
}

const CHUNK = 2_000;
const keyOf = (row: { warehouseId: string; entityId: string; variantId: string | null }) =>
  `${row.warehouseId}\u0000${row.entityId}\u0000${row.variantId ?? ""}`;

export function createBulkStockOperations(context: InventoryContext) {
  return {
    /**
     * Warehouse ids by code for a bulk write; `default` (or no code) is the organization's default
     * warehouse, created on first need like `variants/quick` does. Unknown codes are absent from the map.
     */
    async warehouseIdsByCode(
      organizationId: string,
      codes: readonly string[],
      { trx }: Required<TxOptions>,
    ): Promise<Map<string, string>> {
      const wanted = [...new Set(codes)];
      const found = new Map<string, string>();
      const named = wanted.filter((code) => code !== DEFAULT_WAREHOUSE_CODE);
      if (named.length > 0) {
        const rows = await inventoryScope(trx, organizationId)
          .selectFrom("inventoryWarehouses")
          .select(["id", "code"])
          .where("code", "in", named)
          .execute();
        for (const row of rows) found.set(row.code, row.id);
      }
      if (wanted.includes(DEFAULT_WAREHOUSE_CODE))
        found.set(DEFAULT_WAREHOUSE_CODE, (await defaultWarehouse(trx, organizationId)).id);
      return found;
    },

    /**
     * Sets on-hand stock to absolute quantities (an import's "this is what we hold") in set-based
     * statements on the caller's transaction. Each change is kept as a `correction` adjustment, so the
     * stock history explains it; an unchanged row writes nothing, so the same input twice is a no-op.
     * A quantity below what is reserved is refused for that row (the reservations stand). No event per
     * row: the caller announces its batch.
     */
    async setStockLevels(
      organizationId: string,
      levels: readonly BulkStockInput[],
      actor: Actor | null,
      options: Required<TxOptions> & { note?: string },
    ): Promise<BulkStockResult> {
      const { trx } = options;
      const refused: BulkStockResult["refused"] = [];
      if (levels.length === 0) return { changed: 0, refused };
      const scope = inventoryScope(trx, organizationId);
      const current = new Map<string, { onHand: number; reserved: number }>();
      const entityIds = [...new Set(levels.map((level) => level.entityId))];
      for (let start = 0; start < entityIds.length; start += CHUNK) {
        const rows = await scope
          .selectFrom("inventoryLevels")
          .select(["warehouseId", "entityId", "variantId", "onHand", "reserved"])
          .where("entityId", "in", entityIds.slice(start, start + CHUNK))
          // Locks the rows this batch may change, so a concurrent reservation cannot slip under the check below.
          .forUpdate()
          .execute();
        for (const row of rows) current.set(keyOf(row), { onHand: row.onHand, reserved: row.reserved });
      }
      const changes: (BulkStockInput & { delta: number })[] = [];
      levels.forEach((level, index) => {
        const before = current.get(keyOf(level));
        if (before && level.onHand < before.reserved) {
          refused.push({ index, reason: `on hand ${level.onHand} is below the ${before.reserved} reserved` });
          return;
        }
        const delta = level.onHand - (before?.onHand ?? 0);
        if (delta !== 0 || !before) changes.push({ ...level, delta });
      });
      const now = new Date();
      for (let start = 0; start < changes.length; start += CHUNK) {
        const part = changes.slice(start, start + CHUNK);
        await scope
          .insertInto(
            "inventoryLevels",
            part.map((level) => ({
              id: randomUUID(),
              warehouseId: level.warehouseId,
              entityId: level.entityId,
              variantId: level.variantId,
              onHand: level.onHand,
              reserved: 0,
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(["organizationId", "warehouseId", "entityId", "variantId"])
              .doUpdateSet({ onHand: sql`excluded.on_hand`, updatedAt: now }),
          )
          .execute();
        const adjusted = part.filter((level) => level.delta !== 0);
        if (adjusted.length > 0) {
          await scope
            .insertInto(
              "inventoryAdjustments",
              adjusted.map((level) => ({
                id: randomUUID(),
                warehouseId: level.warehouseId,
                entityId: level.entityId,
                variantId: level.variantId,
                type: "correction",
                quantity: level.delta,
                onHandAfter: level.onHand,
                actorId: actor?.id ?? null,
                note: options.note ?? null,
              })),
            )
            .execute();
        }
      }
      return { changed: changes.length, refused };
    },
  };
}
