import type { ServiceContext } from "../../kernel/contexts.js";
import type { InventoryContext } from "./inventory-context.js";
import type { InventoryTables } from "./inventory-tables.js";
import { createBulkStockOperations } from "./bulk-stock-operations.js";
import { createReservationOperations } from "./reservation-operations.js";
import { createStockOperations, loadStock } from "./stock-operations.js";
import { createWarehouseOperations, defaultWarehouse, requireWarehouse } from "./warehouse-operations.js";
import type { EventPayloadsOf } from "../../kernel/domain-events.js";
import type { inventoryEvents } from "./inventory-events.js";

/**
 * Warehouses, stock levels, adjustments and reservations. Registers the catalog's `inventory` include and
 * seeds zero stock for variants made by `variants/quick`.
 */
export function createInventoryService({
  database,
  events,
  services,
}: Pick<ServiceContext, "database" | "events" | "services">) {
  const context: InventoryContext = { database, db: database.db.withTables<InventoryTables>(), events, services };
  const stock = createStockOperations(context);

  services.catalog.registerInclude({
    name: "inventory",
    emptyValue: { onHand: 0, reserved: 0, available: 0, levels: [] },
    async load({ organizationId, entityIds, trx }) {
      const loaded = await loadStock(trx ?? context.db, organizationId, entityIds);
      return new Map([...loaded].map(([entityId, { entityId: _entityId, ...totals }]) => [entityId, totals]));
    },
  });
  services.catalog.onVariantsCreated(async (event) => {
    if (!event.isStockSeeded) return;
    const warehouse = event.warehouseId
      ? await requireWarehouse(event.trx, event.organizationId, event.warehouseId)
      : await defaultWarehouse(event.trx, event.organizationId);
    await stock.seedZeroStock(
      {
        organizationId: event.organizationId,
        entityId: event.entityId,
        variantIds: event.variantIds,
        warehouseId: warehouse.id,
      },
      { trx: event.trx },
    );
  });

  return {
    ...createWarehouseOperations(context),
    ...stock,
    ...createReservationOperations(context),
    ...createBulkStockOperations(context),
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.inventory` too.
declare module "../../kernel/services.js" {
  interface Services {
    inventory: InventoryService;
  }
}

// The events this module emits, declared beside the service for the same reason as the service itself.
declare module "../../kernel/domain-events.js" {
  interface DomainEvents extends EventPayloadsOf<typeof inventoryEvents> {}
}
