import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { updateVariantInput, variantSchema } from "../catalog-schemas.js";

export const updateVariantRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .patch("/entities/:id/variants/:variantId", {
      summary: "Update one variant: its SKU, metadata or position",
      description: [
        "A patch: omitted fields stay, `sku: null` clears the SKU and `metadata` replaces the object.",
        "A SKU another variant of the organization holds is a 409 with `details.reason` `SKU_TAKEN` and an issue",
        "on `body.sku`. The option values are what make the variant and do not change here.",
      ].join(" "),
    })
    .permission("catalog:update")
    .input(updateVariantInput)
    .output(variantSchema)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.catalog.updateVariant(organizationId, params.id, params.variantId, input, actor),
    }))
    .build();
