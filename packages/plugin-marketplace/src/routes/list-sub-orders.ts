import { z } from "zod";
import { paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { listSubOrdersQuery, subOrderSummarySchema } from "../sub-order-schemas.js";

/** List sub-orders. */
export const listSubOrdersRoute = ({ services }: RouteContext) =>
  router("Marketplace sub-orders", "/marketplace/sub-orders")
    .get("/", { summary: "List sub-orders", description: "Newest first; by `status`, `vendorId` or `orderId`." })
    .permission("marketplace:read")
    .query(listSubOrdersQuery)
    .output(z.array(subOrderSummarySchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.marketplace.subOrders.list(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
