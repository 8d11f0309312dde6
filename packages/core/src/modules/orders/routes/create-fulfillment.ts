import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { createFulfillmentInput, fulfillmentSchema } from "../order-fulfillment-schemas.js";

export const createFulfillmentRoute = ({ services }: RouteContext) =>
  router("Orders", "/orders")
    .post("/:id/fulfillments", {
      summary: "Ship units of an order",
      description: [
        "The order must be `processing` or `partially_fulfilled` (409 CONFLICT otherwise). Each line ships at most",
        "what is left of its `quantity` (422 VALIDATION_FAILED beyond, nothing written), whatever runs at the same",
        "time. The order then moves to `fulfilled` when every unit has shipped, else to `partially_fulfilled`",
        "(orders.statusChange), and fulfillment.create is emitted.",
      ].join(" "),
    })
    .permission("orders:update")
    .params(z.object({ id: z.string().min(1).max(64) }))
    .input(createFulfillmentInput)
    .output(fulfillmentSchema)
    .status(201)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.orders.createFulfillment({ organizationId, orderId: params.id, actor, ...input }),
    }))
    .build();
