import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { reservationSchema } from "../inventory-schemas.js";

const body = z.object({
  entityId: z.uuid(),
  variantId: z.uuid().nullable().optional(),
  warehouseId: z.uuid().optional(),
  quantity: z.number().int().min(1).max(1_000_000),
  ttlSeconds: z.number().int().min(1).max(7 * 24 * 3600).optional(),
  reference: z.string().max(200).nullable().optional(),
});

export const reserveStockRoute = ({ services }: RouteContext) =>
  router("Inventory", "/inventory")
    .post("/reserve", {
      summary: "Reserve stock",
      description: "Holds `quantity` until released, converted or expired (`ttlSeconds`, default 900). Not enough available stock is a 409.",
    })
    .permission("inventory:adjust")
    .input(body)
    .output(reservationSchema)
    .status(201)
    .handler(async ({ input, organizationId }) => ({ data: await services.inventory.reserve(organizationId, input) }))
    .build();
