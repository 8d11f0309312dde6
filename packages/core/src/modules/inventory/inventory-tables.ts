import type { z } from "zod";
import type { CoreTables, Timestamp } from "../../db/core-tables.js";
import type { TableOf } from "../../db/table-of.js";
import type { reservationSchema, stockLevelSchema, warehouseSchema } from "./inventory-schemas.js";

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type InventoryTables = {
  inventoryWarehouses: TableOf<z.output<typeof warehouseSchema>, { organizationId: string; createdAt: Timestamp }>;
  inventoryLevels: TableOf<
    Omit<z.output<typeof stockLevelSchema>, "available">,
    { organizationId: string; updatedAt: Timestamp }
  >;
  inventoryAdjustments: {
    id: string;
    organizationId: string;
    warehouseId: string;
    entityId: string;
    variantId: string | null;
    type: string;
    /** Signed change of on-hand stock. */
    quantity: number;
    onHandAfter: number;
    actorId: string | null;
    note: string | null;
    createdAt: Timestamp;
  };
  inventoryReservations: TableOf<
    z.output<typeof reservationSchema>,
    { organizationId: string; levelId: string; expiresAt: Timestamp; createdAt: Timestamp; updatedAt: Timestamp }
  >;
};

export type InventoryDb = CoreTables & InventoryTables;
