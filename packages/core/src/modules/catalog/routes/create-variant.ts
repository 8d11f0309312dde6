import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { metadataSchema, variantSchema } from "../catalog-schemas.js";

const body = z.object({
  sku: z.string().min(1).max(200).nullable().optional(),
  optionValueIds: z.array(z.uuid()).max(20).default([]),
  metadata: metadataSchema.optional(),
});

export const createVariantRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .post("/entities/:id/variants", { summary: "Create one variant from option values", description: "At most one value per option type; an existing combination or SKU is a 409." })
    .permission("catalog:update")
    .input(body)
    .output(variantSchema)
    .status(201)
    .handler(async ({ params, input, organizationId, actor }) => ({ data: await services.catalog.createVariant(organizationId, params.id, input, actor) }))
    .build();
