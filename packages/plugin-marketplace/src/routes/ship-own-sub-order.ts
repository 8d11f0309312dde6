import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { shipSubOrderInput, subOrderSchema } from "../sub-order-schemas.js";

/** Ship one of my sub-orders. */
export const shipOwnSubOrderRoute = ({ services }: RouteContext) =>
  router("Marketplace vendor self-service", "/marketplace/vendor/me")
    .post("/orders/:id/ship", {
      summary: "Ship one of my sub-orders",
      description: "confirmed → shipped, with its tracking number; 409 otherwise.",
    })
    .permission("marketplace:vendor")
    .input(shipSubOrderInput)
    .output(subOrderSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.subOrders.move(organizationId, actor, {
        subOrderId: params.id,
        move: "ship",
        vendorId: await services.marketplace.members.vendorIdOf(actor),
        ...input,
      }),
    }))
    .build();
