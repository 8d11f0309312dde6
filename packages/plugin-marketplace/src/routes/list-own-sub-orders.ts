import { z } from "zod";
import { paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { listOwnSubOrdersQuery, subOrderSummarySchema } from "../sub-order-schemas.js";

/** List my sub-orders. */
export const listOwnSubOrdersRoute = ({ services }: RouteContext) =>
  router("Marketplace vendor self-service", "/marketplace/vendor/me")
    .get("/orders", { summary: "List my sub-orders", description: "Newest first; by `status`." })
    .permission("marketplace:vendor")
    .query(listOwnSubOrdersQuery)
    .output(z.array(subOrderSummarySchema))
    .handler(async ({ query, actor, organizationId }) => {
      const vendorId = await services.marketplace.members.vendorIdOf(actor);
      const { items, total } = await services.marketplace.subOrders.list(organizationId, { ...query, vendorId });
      return { data: items, meta: paginate(query, total) };
    })
    .build();
