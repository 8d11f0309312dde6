import { z } from "zod";
import { paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { listPayoutsQuery, payoutSchema } from "../ledger-schemas.js";

/** List payouts. */
export const listPayoutsRoute = ({ services }: RouteContext) =>
  router("Marketplace payouts", "/marketplace/payouts")
    .get("/", { summary: "List payouts", description: "Newest first; by `status` or `vendorId`." })
    .permission("marketplace:read")
    .query(listPayoutsQuery)
    .output(z.array(payoutSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.marketplace.payouts.list(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
