import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { disputeSchema, escalateDisputeInput } from "../aftersale-schemas.js";

/** Escalate a dispute. */
export const escalateDisputeRoute = ({ services }: RouteContext) =>
  router("Marketplace disputes", "/marketplace/disputes")
    .post("/:id/escalate", {
      summary: "Escalate a dispute",
      description: "By the buyer (or staff): open or responded → escalated; 409 otherwise.",
    })
    .auth()
    .input(escalateDisputeInput)
    .output(disputeSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.disputes.move(organizationId, actor, params.id, { move: "escalate", ...input }),
    }))
    .build();
