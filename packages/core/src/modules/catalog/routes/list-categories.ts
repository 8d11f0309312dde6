import { z } from "zod";
import { paginate, paginationQuery } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { categorySchema } from "../catalog-schemas.js";

export const listCategoriesRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .get("/categories", { summary: "List categories" })
    .permission("catalog:read")
    .query(paginationQuery.extend({ parentId: z.uuid().optional() }))
    .output(z.array(categorySchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.catalog.listCategories(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
