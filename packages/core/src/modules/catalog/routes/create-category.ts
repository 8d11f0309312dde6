import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { categorySchema, slugSchema } from "../catalog-schemas.js";

export const categoryBody = z.object({
  name: z.string().min(1).max(200),
  slug: slugSchema,
  parentId: z.uuid().nullable().optional(),
  description: z.string().max(5_000).nullable().optional(),
});

export const createCategoryRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .post("/categories", { summary: "Create a category", description: "A duplicate slug is a 409." })
    .permission("catalog:update")
    .input(categoryBody)
    .output(categorySchema)
    .status(201)
    .handler(async ({ input, organizationId }) => ({
      data: await services.catalog.createCategory(organizationId, input),
    }))
    .build();
