import { z } from "zod";
import { paginate, paginationQuery } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { promotionSchema } from "../promotions-schemas.js";

export const listPromotionsRoute = ({ services }: RouteContext) =>
  router("Promotions", "/promotions")
    .get("/", {
      summary: "List active promotions",
      description: "Active promotions inside their validity window, oldest first. Public, as the spec has it: storefronts advertise current offers.",
    })
    .query(paginationQuery)
    .output(z.array(promotionSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.promotions.listActivePromotions(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
