import { z } from "zod";
import { paginate, paginationQuery } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { taxClassSchema } from "../tax-schemas.js";

export const listTaxClassesRoute = ({ services }: RouteContext) =>
  router("Tax", "/tax")
    .get("/classes", { summary: "List tax classes", description: "By name." })
    .permission("tax:manage")
    .query(paginationQuery)
    .output(z.array(taxClassSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.tax.listTaxClasses(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
