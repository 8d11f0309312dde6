import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { categorySchema } from "../catalog-schemas.js";

export const deleteCategoryRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .delete("/categories/:categoryId", {
      summary: "Delete a category",
      description: "Entities lose the link; child categories lose their parent.",
    })
    .permission("catalog:delete")
    .params(z.object({ categoryId: z.uuid() }))
    .output(categorySchema)
    .handler(async ({ params, organizationId }) => ({
      data: await services.catalog.deleteCategory(organizationId, params.categoryId),
    }))
    .build();
