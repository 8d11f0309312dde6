import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { subOrderSchema } from "../sub-order-schemas.js";

/** Read one of my sub-orders. */
export const getOwnSubOrderRoute = ({ services }: RouteContext) =>
  router("Marketplace vendor self-service", "/marketplace/vendor/me")
    .get("/orders/:id", { summary: "Read one of my sub-orders" })
    .permission("marketplace:vendor")
    .output(subOrderSchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.marketplace.subOrders.get(organizationId, params.id, {
        vendorId: await services.marketplace.members.vendorIdOf(actor),
      }),
    }))
    .build();
