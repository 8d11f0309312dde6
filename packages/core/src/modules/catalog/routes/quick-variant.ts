import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { quickVariantInput, variantSchema } from "../catalog-schemas.js";

export const quickVariantRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .post("/entities/:id/variants/quick", {
      summary: "Create a variant in one call",
      description: [
        "Upserts the option types and values named in `options`, then the variant, and seeds zero stock for it.",
        "201 when created, 200 when it existed. A SKU another variant holds is a 409 `SKU_TAKEN` on `body.sku`.",
      ].join(" "),
    })
    .permission("catalog:update")
    .input(quickVariantInput)
    .output(variantSchema)
    .status(201)
    .handler(async ({ params, input, organizationId, actor, reply }) => {
      const { variant, isCreated } = await services.catalog.quickVariant(organizationId, params.id, input, actor);
      if (!isCreated) return void (await reply.status(200).send({ data: variant }));
      return { data: variant };
    })
    .build();
