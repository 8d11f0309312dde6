import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { subOrderSchema } from "../sub-order-schemas.js";

/** Confirm one of my sub-orders. */
export const confirmOwnSubOrderRoute = ({ services }: RouteContext) =>
  router("Marketplace vendor self-service", "/marketplace/vendor/me")
    .post("/orders/:id/confirm", {
      summary: "Confirm one of my sub-orders",
      description: "pending → confirmed; 409 otherwise.",
    })
    .permission("marketplace:vendor")
    .output(subOrderSchema)
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.marketplace.subOrders.move(organizationId, actor, {
        subOrderId: params.id,
        move: "confirm",
        vendorId: await services.marketplace.members.vendorIdOf(actor),
      }),
    }))
    .build();
