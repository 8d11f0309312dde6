import type { Kysely, Selectable, Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { tenantScope, type TenantScope } from "../../db/tenant-scope.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import type { EventBus } from "../../kernel/event-bus.js";
import type { stockLevelSchema } from "./inventory-schemas.js";
import type { InventoryDb, InventoryTables } from "./inventory-tables.js";

/** What the inventory's service parts share. */
export interface InventoryContext {
  database: DatabaseAccess;
  db: Kysely<InventoryDb>;
  events: EventBus;
  /** The catalog, to check that entities and variants exist in the organization. */
  services: Services;
}

export function inventoryScope(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
): TenantScope<InventoryDb> {
  return tenantScope(db.withTables<InventoryTables>(), organizationId);
}

/** A stock row as the API answers it. */
export type StockLevel = z.output<typeof stockLevelSchema>;

export const LEVEL_COLUMNS = ["id", "warehouseId", "entityId", "variantId", "onHand", "reserved", "updatedAt"] as const;

/** A stock row as read: its table's `LEVEL_COLUMNS`. */
export type LevelRow = Pick<Selectable<InventoryTables["inventoryLevels"]>, (typeof LEVEL_COLUMNS)[number]>;

export const toLevel = (row: LevelRow): StockLevel => ({
  ...row,
  available: row.onHand - row.reserved,
  updatedAt: row.updatedAt.toISOString(),
});
