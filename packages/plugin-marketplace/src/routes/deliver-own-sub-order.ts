import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { subOrderSchema } from "../sub-order-schemas.js";

/** Mark one of my sub-orders delivered. */
export const deliverOwnSubOrderRoute = ({ services }: RouteContext) =>
  router("Marketplace vendor self-service", "/marketplace/vendor/me")
    .post("/orders/:id/deliver", {
      summary: "Mark one of my sub-orders delivered",
      description: "shipped → delivered; 409 otherwise.",
    })
    .permission("marketplace:vendor")
    .output(subOrderSchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.marketplace.subOrders.move(organizationId, actor, {
        subOrderId: params.id,
        move: "deliver",
        vendorId: await services.marketplace.members.vendorIdOf(actor),
      }),
    }))
    .build();
