import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { brandSchema, slugSchema } from "../catalog-schemas.js";

export const brandBody = z.object({
  name: z.string().min(1).max(200),
  slug: slugSchema,
  description: z.string().max(5_000).nullable().optional(),
});

export const createBrandRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .post("/brands", { summary: "Create a brand", description: "A duplicate slug is a 409." })
    .permission("catalog:update")
    .input(brandBody)
    .output(brandSchema)
    .status(201)
    .handler(async ({ input, organizationId }) => ({ data: await services.catalog.createBrand(organizationId, input) }))
    .build();
