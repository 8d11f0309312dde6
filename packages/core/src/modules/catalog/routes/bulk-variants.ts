import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { MAX_VARIANT_MATRIX } from "../variant-matrix.js";
import { variantBatchSchema } from "./generate-variants.js";

const body = z.object({
  axes: z
    .array(z.object({ name: z.string().min(1).max(100), values: z.array(z.string().min(1).max(200)).min(1).max(500) }))
    .min(1)
    .max(20)
    .refine((axes) => new Set(axes.map((axis) => axis.name)).size === axes.length, "axis names must be unique"),
});

export const bulkVariantsRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .post("/entities/:id/variants/bulk", {
      summary: "Create the full variant matrix of option axes",
      description: [
        "Creates missing option types and values, then every combination, skipping existing ones.",
        `More than ${MAX_VARIANT_MATRIX} combinations is a 422.`,
      ].join(" "),
    })
    .permission("catalog:update")
    .input(body)
    .output(variantBatchSchema)
    .status(201)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.catalog.bulkVariants(organizationId, params.id, input, actor),
    }))
    .build();
