import { z } from "zod";
import { paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { listPlansQuery, planSummarySchema } from "../layaway-schemas.js";

export const listPlansRoute = ({ services }: RouteContext) =>
  router("Layaway", "/layaways")
    .get("/", {
      summary: "List layaway plans",
      description: "Newest first, without lines, schedule or ledger; `status` keeps one state.",
    })
    .permission("layaway:operate")
    .query(listPlansQuery)
    .output(z.array(planSummarySchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.layaways.list(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
