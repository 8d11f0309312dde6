import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { inventoryMigrations } from "./inventory-migrations.js";
import { inventoryEvents } from "./inventory-events.js";
import { inventoryAdjustmentsAnalyticsModel, inventoryLevelsAnalyticsModel } from "./inventory-analytics.js";
import { createInventoryService } from "./inventory-service.js";
import { adjustStockRoute } from "./routes/adjust-stock.js";
import { checkStockRoute } from "./routes/check-stock.js";
import { convertReservationRoute } from "./routes/convert-reservation.js";
import { createWarehouseRoute } from "./routes/create-warehouse.js";
import { listWarehousesRoute } from "./routes/list-warehouses.js";
import { releaseReservationRoute } from "./routes/release-reservation.js";
import { reserveStockRoute } from "./routes/reserve-stock.js";

const ROUTES = [
  createWarehouseRoute,
  listWarehousesRoute,
  adjustStockRoute,
  checkStockRoute,
  reserveStockRoute,
  releaseReservationRoute,
  convertReservationRoute,
];

/** Stock per entity, variant and warehouse, with guarded adjustments and expiring reservations. */
export const inventoryModule: PluginManifest = {
  id: "inventory",
  version: CORE_VERSION,
  dependencies: ["catalog"],
  permissions: [
    { scope: "inventory:read", description: "Read warehouses and stock" },
    { scope: "inventory:adjust", description: "Adjust, reserve and release stock; create warehouses" },
  ],
  schema: { migrations: inventoryMigrations },
  analyticsModels: [inventoryLevelsAnalyticsModel, inventoryAdjustmentsAnalyticsModel],
  events: inventoryEvents,
  services: (context) => ({ inventory: createInventoryService(context) }),
  subscribers: [
    {
      event: "catalog.delete",
      handler: (event, { trx, services }) =>
        services.inventory.removeEntityStock(event.organizationId, event.entityId, { trx }),
    },
  ],
  routes: (context) => ROUTES.flatMap((route) => route(context)),
};
