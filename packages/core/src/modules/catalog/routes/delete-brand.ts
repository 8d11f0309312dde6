import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { brandSchema } from "../catalog-schemas.js";

export const deleteBrandRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .delete("/brands/:brandId", { summary: "Delete a brand", description: "Entities lose the link." })
    .permission("catalog:delete")
    .params(z.object({ brandId: z.uuid() }))
    .output(brandSchema)
    .handler(async ({ params, organizationId }) => ({
      data: await services.catalog.deleteBrand(organizationId, params.brandId),
    }))
    .build();
