import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { returnSchema, shipBackInput } from "../aftersale-schemas.js";

/** Record that the units were sent back. */
export const shipBackReturnRoute = ({ services }: RouteContext) =>
  router("Marketplace returns", "/marketplace/returns")
    .post("/:id/ship-back", {
      summary: "Record that the units were sent back",
      description: "By the buyer or staff: requested → shipped_back, with the tracking number.",
    })
    .auth()
    .input(shipBackInput)
    .output(returnSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.returns.shipBack(organizationId, actor, params.id, input.trackingNumber),
    }))
    .build();
