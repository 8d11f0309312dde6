import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { disputeSchema, openDisputeInput } from "../aftersale-schemas.js";

/** Open a dispute on a sub-order. */
export const openDisputeRoute = ({ services }: RouteContext) =>
  router("Marketplace disputes", "/marketplace/disputes")
    .post("/", {
      summary: "Open a dispute on a sub-order",
      description: "By its buyer or staff (marketplace:manage); 404 for anyone else.",
    })
    .auth()
    .input(openDisputeInput)
    .output(disputeSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId }) => ({
      data: await services.marketplace.disputes.open(organizationId, actor, input),
    }))
    .build();
