import type { CoreTables, Timestamp } from "../../db/core-tables.js";

/** Lifecycle of a reservation: active until released, converted (sold) or expired. */
export type ReservationStatus = "active" | "released" | "converted" | "expired";

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type InventoryTables = {
  inventoryWarehouses: {
    id: string;
    organizationId: string;
    name: string;
    code: string;
    createdAt: Timestamp;
  };
  inventoryLevels: {
    id: string;
    organizationId: string;
    warehouseId: string;
    entityId: string;
    variantId: string | null;
    onHand: number;
    reserved: number;
    updatedAt: Timestamp;
  };
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
  inventoryReservations: {
    id: string;
    organizationId: string;
    levelId: string;
    entityId: string;
    variantId: string | null;
    warehouseId: string;
    quantity: number;
    status: ReservationStatus;
    reference: string | null;
    expiresAt: Timestamp;
    createdAt: Timestamp;
    updatedAt: Timestamp;
  };
};

export type InventoryDb = CoreTables & InventoryTables;
