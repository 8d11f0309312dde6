import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { subOrderSchema } from "../sub-order-schemas.js";

/** Read a sub-order with its lines and their commission. */
export const getSubOrderRoute = ({ services }: RouteContext) =>
  router("Marketplace sub-orders", "/marketplace/sub-orders")
    .get("/:id", { summary: "Read a sub-order with its lines and their commission" })
    .permission("marketplace:read")
    .output(subOrderSchema)
    .handler(async ({ params, organizationId }) => ({
      data: await services.marketplace.subOrders.get(organizationId, params.id),
    }))
    .build();
