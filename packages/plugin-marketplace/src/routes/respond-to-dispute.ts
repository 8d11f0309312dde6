import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { disputeSchema, respondDisputeInput } from "../aftersale-schemas.js";

/** Respond to a dispute. */
export const respondToDisputeRoute = ({ services }: RouteContext) =>
  router("Marketplace disputes", "/marketplace/disputes")
    .post("/:id/respond", {
      summary: "Respond to a dispute",
      description: "By the vendor (or staff): open → responded; 409 otherwise.",
    })
    .auth()
    .input(respondDisputeInput)
    .output(disputeSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.disputes.move(organizationId, actor, params.id, { move: "respond", ...input }),
    }))
    .build();
