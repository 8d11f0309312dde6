import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { brandSchema } from "../catalog-schemas.js";
import { brandBody } from "./create-brand.js";

export const updateBrandRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .patch("/brands/:brandId", { summary: "Update a brand" })
    .permission("catalog:update")
    .params(z.object({ brandId: z.uuid() }))
    .input(brandBody.partial())
    .output(brandSchema)
    .handler(async ({ params, input, organizationId }) => ({
      data: await services.catalog.updateBrand(organizationId, params.brandId, input),
    }))
    .build();
