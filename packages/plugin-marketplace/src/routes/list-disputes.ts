import { z } from "zod";
import { paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { disputeSchema, listDisputesQuery } from "../aftersale-schemas.js";

/** List disputes. */
export const listDisputesRoute = ({ services }: RouteContext) =>
  router("Marketplace disputes", "/marketplace/disputes")
    .get("/", { summary: "List disputes", description: "Newest first; by `status` or `vendorId`." })
    .permission("marketplace:read")
    .query(listDisputesQuery)
    .output(z.array(disputeSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.marketplace.disputes.list(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
