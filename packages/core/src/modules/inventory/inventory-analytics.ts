import type { AnalyticsModel } from "../../kernel/analytics-model.js";

/** Stock as it stands: one row per warehouse, entity and variant. */
export const inventoryLevelsAnalyticsModel: AnalyticsModel = {
  name: "inventoryLevels",
  description: "Current stock, one row per warehouse, entity and variant",
  table: "inventory_levels",
  measures: {
    count: { type: "count", description: "Stock rows" },
    onHand: { type: "sum", column: "on_hand", description: "Units on hand" },
    reserved: { type: "sum", column: "reserved", description: "Units reserved by carts and checkouts" },
    entities: { type: "countDistinct", column: "entity_id" },
  },
  dimensions: {
    warehouseId: { type: "string", column: "warehouse_id" },
    entityId: { type: "string", column: "entity_id" },
    variantId: { type: "string", column: "variant_id" },
    updatedAt: { type: "time", column: "updated_at" },
  },
};

/** Stock movements: every adjustment (receipts, sales, returns, corrections) with its signed quantity. */
export const inventoryAdjustmentsAnalyticsModel: AnalyticsModel = {
  name: "inventoryAdjustments",
  description: "Stock adjustments, one row each; quantity is signed",
  table: "inventory_adjustments",
  measures: {
    count: { type: "count", description: "Number of adjustments" },
    quantity: { type: "sum", column: "quantity", description: "Net units moved" },
    entities: { type: "countDistinct", column: "entity_id" },
  },
  dimensions: {
    type: { type: "string", column: "type" },
    warehouseId: { type: "string", column: "warehouse_id" },
    entityId: { type: "string", column: "entity_id" },
    variantId: { type: "string", column: "variant_id" },
    actorId: { type: "string", column: "actor_id" },
    createdAt: { type: "time", column: "created_at" },
  },
};
