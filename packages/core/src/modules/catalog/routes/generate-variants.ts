import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { variantSchema } from "../catalog-schemas.js";
import { MAX_VARIANT_MATRIX } from "../variant-matrix.js";

export const variantBatchSchema = z.object({ created: z.array(variantSchema), skipped: z.number().int() });

export const generateVariantsRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .post("/entities/:id/variants/generate", {
      summary: "Generate variants from the entity's option matrix",
      description: [
        "Every combination of the option types' values (all types, or `optionTypeIds`), skipping existing ones.",
        `More than ${MAX_VARIANT_MATRIX} combinations is a 422.`,
      ].join(" "),
    })
    .permission("catalog:update")
    .input(z.object({ optionTypeIds: z.array(z.uuid()).max(20).optional() }))
    .output(variantBatchSchema)
    .status(201)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.catalog.generateVariants(organizationId, params.id, input, actor),
    }))
    .build();
