import { z } from "zod";
import { paginate } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { listOrdersQuery, orderSummarySchema } from "../orders-schemas.js";

export const listOrdersRoute = ({ services }: RouteContext) =>
  router("Orders", "/orders")
    .get("/", {
      summary: "List orders",
      description:
        "Newest first, without their lines (read an order for them); `status` keeps the orders of one status.",
    })
    .permission("orders:read")
    .query(listOrdersQuery)
    .output(z.array(orderSummarySchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.orders.list(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
