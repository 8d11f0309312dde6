import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { cancelSubOrderInput, subOrderSchema } from "../sub-order-schemas.js";

/** Cancel one of my sub-orders. */
export const cancelOwnSubOrderRoute = ({ services }: RouteContext) =>
  router("Marketplace vendor self-service", "/marketplace/vendor/me")
    .post("/orders/:id/cancel", {
      summary: "Cancel one of my sub-orders",
      description:
        "From pending or confirmed (409 otherwise); a paid one is refunded to the customer and leaves my balance.",
    })
    .permission("marketplace:vendor")
    .input(cancelSubOrderInput)
    .output(subOrderSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.subOrders.move(organizationId, actor, {
        subOrderId: params.id,
        move: "cancel",
        vendorId: await services.marketplace.members.vendorIdOf(actor),
        ...input,
      }),
    }))
    .build();
