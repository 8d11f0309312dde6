import { z } from "zod";
import { paginate, paginationQuery } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { brandSchema } from "../catalog-schemas.js";

export const listBrandsRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .get("/brands", { summary: "List brands" })
    .permission("catalog:read")
    .query(paginationQuery)
    .output(z.array(brandSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.catalog.listBrands(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
