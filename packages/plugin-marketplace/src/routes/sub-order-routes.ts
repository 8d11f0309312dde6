import { z } from "zod";
import { AppError, paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { moveTo, subOrderMoves } from "../marketplace-states.js";
import { changeSubOrderStatusInput, listSubOrdersQuery, subOrderSchema, subOrderSummarySchema } from "../sub-order-schemas.js";

/** Staff's view of sub-orders: every vendor's, and the same moves as the vendor's own routes. */
export const subOrderRoutes = ({ services }: RouteContext) =>
  router("Marketplace sub-orders", "/marketplace/sub-orders")
    .get("/", { summary: "List sub-orders", description: "Newest first; by `status`, `vendorId` or `orderId`." })
    .permission("marketplace:read")
    .query(listSubOrdersQuery)
    .output(z.array(subOrderSummarySchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.marketplace.subOrders.list(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .get("/:id", { summary: "Read a sub-order with its lines and their commission" })
    .permission("marketplace:read")
    .output(subOrderSchema)
    .handler(async ({ params, organizationId }) => ({ data: await services.marketplace.subOrders.get(organizationId, params.id) }))
    .patch("/:id/status", {
      summary: "Move a sub-order",
      description: "confirmed, shipped (with trackingNumber), delivered or cancelled, along the sub-order's machine (409 otherwise). Cancelling a paid sub-order refunds it.",
    })
    .permission("marketplace:manage")
    .input(changeSubOrderStatusInput)
    .output(subOrderSchema)
    .handler(async ({ params, input, actor, organizationId }) => {
      const move = moveTo(subOrderMoves, input.status);
      if (!move) throw AppError.conflict(`No move reaches ${input.status}`);
      return { data: await services.marketplace.subOrders.move(organizationId, actor, { subOrderId: params.id, move, ...input }) };
    })
    .build();
