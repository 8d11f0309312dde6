import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { categorySchema } from "../catalog-schemas.js";
import { categoryBody } from "./create-category.js";

export const updateCategoryRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .patch("/categories/:categoryId", { summary: "Update a category" })
    .permission("catalog:update")
    .params(z.object({ categoryId: z.uuid() }))
    .input(categoryBody.partial())
    .output(categorySchema)
    .handler(async ({ params, input, organizationId }) => ({
      data: await services.catalog.updateCategory(organizationId, params.categoryId, input),
    }))
    .build();
