import { z } from "zod";
import { paginate } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { orderSummarySchema } from "../../orders/index.js";
import { customerOf } from "../me-customer.js";
import { listMyOrdersQuery } from "../me-schemas.js";
import { ME_ACCESS_DOC } from "./me-route-doc.js";

export const listMyOrdersRoute = ({ services }: RouteContext) =>
  router("Customer self-service", "/me")
    .get("/orders", {
      summary: "List my orders",
      description: [
        "Newest first, without their lines; `status` keeps one status; total in `meta.pagination`.",
        `${ME_ACCESS_DOC}`,
      ].join(" "),
    })
    .session()
    .permission("orders:read:own")
    .query(listMyOrdersQuery)
    .output(z.array(orderSummarySchema))
    .handler(async ({ query, actor, organizationId }) => {
      const { items, total } = await services.me.listOrders(organizationId, customerOf(actor), query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
