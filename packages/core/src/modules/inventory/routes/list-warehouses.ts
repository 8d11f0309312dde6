import { z } from "zod";
import { paginate, paginationQuery } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { warehouseSchema } from "../inventory-schemas.js";

export const listWarehousesRoute = ({ services }: RouteContext) =>
  router("Inventory", "/inventory")
    .get("/warehouses", { summary: "List warehouses" })
    .permission("inventory:read")
    .query(paginationQuery)
    .output(z.array(warehouseSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.inventory.listWarehouses(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
