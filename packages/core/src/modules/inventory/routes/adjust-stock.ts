import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { quantitySchema, stockLevelSchema } from "../inventory-schemas.js";
import { ADJUSTMENT_TYPES, type AdjustmentType } from "../stock-operations.js";

const body = z.object({
  entityId: z.uuid(),
  variantId: z.uuid().nullable().optional(),
  warehouseId: z.uuid(),
  type: z.enum(Object.keys(ADJUSTMENT_TYPES) as [AdjustmentType, ...AdjustmentType[]]),
  quantity: quantitySchema,
  note: z.string().max(500).nullable().optional(),
});

export const adjustStockRoute = ({ services }: RouteContext) =>
  router("Inventory", "/inventory")
    .post("/adjust", {
      summary: "Adjust on-hand stock",
      description: "restock and return add, sale and damage remove (positive quantity), correction applies a signed change. Going below the reserved quantity is a 409. Emits inventory.afterAdjust.",
    })
    .permission("inventory:adjust")
    .input(body)
    .output(stockLevelSchema)
    .handler(async ({ input, organizationId, actor }) => ({ data: await services.inventory.adjust(organizationId, input, actor) }))
    .build();
