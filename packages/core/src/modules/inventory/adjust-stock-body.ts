import { z } from "zod";
import { quantitySchema } from "./inventory-schemas.js";
import { ADJUSTMENT_TYPES, type AdjustmentType } from "./stock-operations.js";

/** `POST /api/inventory/adjust` and the MCP `adjust_stock` tool: a signed change for `correction`, else positive. */
export const adjustStockBody = z.object({
  entityId: z.uuid(),
  variantId: z.uuid().nullable().optional(),
  warehouseId: z.uuid(),
  type: z.enum(Object.keys(ADJUSTMENT_TYPES) as [AdjustmentType, ...AdjustmentType[]]),
  quantity: quantitySchema,
  note: z.string().max(500).nullable().optional(),
});
