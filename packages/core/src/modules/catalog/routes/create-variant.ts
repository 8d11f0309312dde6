import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { createVariantInput, variantSchema } from "../catalog-schemas.js";

export const createVariantRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .post("/entities/:id/variants", {
      summary: "Create one variant from option values",
      description: [
        "At most one value per option type; an existing combination is a 409, and so is a SKU another variant",
        "of the organization holds (`details.reason` `SKU_TAKEN`, an issue on `body.sku`).",
      ].join(" "),
    })
    .permission("catalog:update")
    .input(createVariantInput)
    .output(variantSchema)
    .status(201)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.catalog.createVariant(organizationId, params.id, input, actor),
    }))
    .build();
