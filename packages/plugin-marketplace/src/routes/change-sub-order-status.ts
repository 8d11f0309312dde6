import { AppError, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { moveTo, subOrderMoves } from "../marketplace-states.js";
import { changeSubOrderStatusInput, subOrderSchema } from "../sub-order-schemas.js";

/** Move a sub-order. */
export const changeSubOrderStatusRoute = ({ services }: RouteContext) =>
  router("Marketplace sub-orders", "/marketplace/sub-orders")
    .patch("/:id/status", {
      summary: "Move a sub-order",
      description: [
        "confirmed, shipped (with trackingNumber), delivered or cancelled, along the sub-order's machine (409",
        "otherwise). Cancelling a paid sub-order refunds it.",
      ].join(" "),
    })
    .permission("marketplace:manage")
    .input(changeSubOrderStatusInput)
    .output(subOrderSchema)
    .handler(async ({ params, input, actor, organizationId }) => {
      const move = moveTo(subOrderMoves, input.status);
      if (!move) throw AppError.conflict(`No move reaches ${input.status}`);
      return {
        data: await services.marketplace.subOrders.move(organizationId, actor, {
          subOrderId: params.id,
          move,
          ...input,
        }),
      };
    })
    .build();
