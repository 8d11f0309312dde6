import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { adjustStockBody } from "../adjust-stock-body.js";
import { stockLevelSchema } from "../inventory-schemas.js";

export const adjustStockRoute = ({ services }: RouteContext) =>
  router("Inventory", "/inventory")
    .post("/adjust", {
      summary: "Adjust on-hand stock",
      description: [
        "restock and return add, sale and damage remove (positive quantity), correction applies a signed change.",
        "Going below the reserved quantity is a 409. Emits inventory.afterAdjust.",
      ].join(" "),
    })
    .permission("inventory:adjust")
    .input(adjustStockBody)
    .output(stockLevelSchema)
    .handler(async ({ input, organizationId, actor }) => ({
      data: await services.inventory.adjust(organizationId, input, actor),
    }))
    .build();
