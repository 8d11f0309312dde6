import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { openReturnInput, returnSchema, shipBackInput } from "../aftersale-schemas.js";

/** Returns: opened and shipped back by the buyer (or staff), received by the vendor (or staff), which refunds them. */
export const returnRoutes = ({ services }: RouteContext) =>
  router("Marketplace returns", "/marketplace/returns")
    .post("/", { summary: "Request a return of units of a sub-order", description: "By its buyer or staff; 422 for a line not of the sub-order or more units than are left to refund." })
    .auth()
    .input(openReturnInput)
    .output(returnSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId }) => ({ data: await services.marketplace.returns.open(organizationId, actor, input) }))
    .post("/:id/ship-back", { summary: "Record that the units were sent back", description: "By the buyer or staff: requested → shipped_back, with the tracking number." })
    .auth()
    .input(shipBackInput)
    .output(returnSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({ data: await services.marketplace.returns.shipBack(organizationId, actor, params.id, input.trackingNumber) }))
    .post("/:id/receive", {
      summary: "Receive a return and refund it",
      description: "By the vendor or staff: → received; refunds the units through the order's refund rules (a 422 or 403 from them leaves the return as it was).",
    })
    .auth()
    .output(returnSchema)
    .handler(async ({ params, actor, organizationId }) => ({ data: await services.marketplace.returns.receive(organizationId, actor, params.id) }))
    .build();
