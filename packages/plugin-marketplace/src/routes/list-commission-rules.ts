import { z } from "zod";
import { paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { commissionRuleSchema, listCommissionRulesQuery } from "../commission-schemas.js";

/** List commission rules. */
export const listCommissionRulesRoute = ({ services }: RouteContext) =>
  router("Marketplace commission", "/marketplace/commission-rules")
    .get("/", {
      summary: "List commission rules",
      description: "Highest priority first, then oldest; `vendorId` keeps that vendor's rules.",
    })
    .permission("marketplace:read")
    .query(listCommissionRulesQuery)
    .output(z.array(commissionRuleSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.marketplace.commissionRules.list(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
