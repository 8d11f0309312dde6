import { z } from "zod";
import { paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { disputeSchema, escalateDisputeInput, listDisputesQuery, openDisputeInput, resolveDisputeInput, respondDisputeInput } from "../aftersale-schemas.js";

/**
 * Disputes: the buyer (or staff) opens one on a sub-order, its vendor (or staff) responds, the buyer (or
 * staff) escalates, an administrator resolves. A caller with no part in the sub-order gets a 404.
 */
export const disputeRoutes = ({ services }: RouteContext) =>
  router("Marketplace disputes", "/marketplace/disputes")
    .post("/", { summary: "Open a dispute on a sub-order", description: "By its buyer or staff (marketplace:manage); 404 for anyone else." })
    .auth()
    .input(openDisputeInput)
    .output(disputeSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId }) => ({ data: await services.marketplace.disputes.open(organizationId, actor, input) }))
    .get("/", { summary: "List disputes", description: "Newest first; by `status` or `vendorId`." })
    .permission("marketplace:read")
    .query(listDisputesQuery)
    .output(z.array(disputeSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.marketplace.disputes.list(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .post("/:id/respond", { summary: "Respond to a dispute", description: "By the vendor (or staff): open → responded; 409 otherwise." })
    .auth()
    .input(respondDisputeInput)
    .output(disputeSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({ data: await services.marketplace.disputes.move(organizationId, actor, params.id, { move: "respond", ...input }) }))
    .post("/:id/escalate", { summary: "Escalate a dispute", description: "By the buyer (or staff): open or responded → escalated; 409 otherwise." })
    .auth()
    .input(escalateDisputeInput)
    .output(disputeSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({ data: await services.marketplace.disputes.move(organizationId, actor, params.id, { move: "escalate", ...input }) }))
    .post("/:id/resolve", { summary: "Resolve a dispute", description: "For the customer or the vendor, with an optional signed `adjustment` written to the vendor's ledger; final." })
    .permission("marketplace:admin")
    .input(resolveDisputeInput)
    .output(disputeSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({ data: await services.marketplace.disputes.move(organizationId, actor, params.id, { move: "resolve", ...input }) }))
    .build();
