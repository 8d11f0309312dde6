import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { changeOrderStatusInput, orderSchema } from "../orders-schemas.js";

export const changeOrderStatusRoute = ({ services }: RouteContext) =>
  router("Orders", "/orders")
    .patch("/:id/status", {
      summary: "Move an order to another status",
      description: [
        "Allowed moves: pending → confirmed; confirmed → processing; processing → partially_fulfilled or fulfilled;",
        "partially_fulfilled or fulfilled → refunded; pending, confirmed, processing or partially_fulfilled →",
        "cancelled. Any other move, or one that loses a race with another move of the order, is a 409 CONFLICT with",
        "the status unchanged. Cancelling returns the units not yet shipped to stock (an inventory `return` adjustment",
        "each). The move emits orders.statusChange and writes the audit and timeline entries in its transaction.",
      ].join(" "),
    })
    .permission("orders:update")
    .params(z.object({ id: z.string().min(1).max(64) }))
    .input(changeOrderStatusInput)
    .output(orderSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.orders.changeStatus(organizationId, params.id, input, actor),
    }))
    .build();
