import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { disputeSchema, resolveDisputeInput } from "../aftersale-schemas.js";

/** Resolve a dispute. */
export const resolveDisputeRoute = ({ services }: RouteContext) =>
  router("Marketplace disputes", "/marketplace/disputes")
    .post("/:id/resolve", {
      summary: "Resolve a dispute",
      description:
        "For the customer or the vendor, with an optional signed `adjustment` written to the vendor's ledger; final.",
    })
    .permission("marketplace:admin")
    .input(resolveDisputeInput)
    .output(disputeSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.disputes.move(organizationId, actor, params.id, { move: "resolve", ...input }),
    }))
    .build();
