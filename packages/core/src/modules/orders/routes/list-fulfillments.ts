import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { fulfillmentSchema } from "../order-fulfillment-schemas.js";

export const listFulfillmentsRoute = ({ services }: RouteContext) =>
  router("Orders", "/orders")
    .get("/:id/fulfillments", {
      summary: "List an order's fulfillments",
      description: "Newest first, each with its lines.",
    })
    .permission("orders:read")
    .params(z.object({ id: z.string().min(1).max(64) }))
    .output(z.array(fulfillmentSchema))
    .handler(async ({ params, organizationId }) => ({
      data: await services.orders.listFulfillments(organizationId, params.id),
    }))
    .build();
