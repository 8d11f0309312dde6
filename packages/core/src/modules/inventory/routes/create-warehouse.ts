import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { warehouseSchema } from "../inventory-schemas.js";

export const createWarehouseRoute = ({ services }: RouteContext) =>
  router("Inventory", "/inventory")
    .post("/warehouses", { summary: "Create a warehouse", description: "A duplicate code is a 409." })
    .permission("inventory:adjust")
    .input(
      z.object({
        name: z.string().min(1).max(200),
        code: z.string().regex(/^[a-z0-9_-]{1,50}$/, "lowercase letters, digits, _ and -"),
      }),
    )
    .output(warehouseSchema)
    .status(201)
    .handler(async ({ input, organizationId }) => ({
      data: await services.inventory.createWarehouse(organizationId, input),
    }))
    .build();
