import { z } from "zod";
import { paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { listOwnPayoutsQuery, payoutSchema } from "../ledger-schemas.js";

/** List my payouts. */
export const listOwnPayoutsRoute = ({ services }: RouteContext) =>
  router("Marketplace vendor self-service", "/marketplace/vendor/me")
    .get("/payouts", { summary: "List my payouts", description: "Newest first; by `status`." })
    .permission("marketplace:vendor")
    .query(listOwnPayoutsQuery)
    .output(z.array(payoutSchema))
    .handler(async ({ query, actor, organizationId }) => {
      const vendorId = await services.marketplace.members.vendorIdOf(actor);
      const { items, total } = await services.marketplace.payouts.list(organizationId, { ...query, vendorId });
      return { data: items, meta: paginate(query, total) };
    })
    .build();
