import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customFieldsInputSchema, entitySchema, entityStatusSchema, metadataSchema, slugSchema } from "../catalog-schemas.js";

const body = z.object({
  type: z.string().min(1).max(100).optional(),
  slug: slugSchema.optional(),
  status: entityStatusSchema.optional(),
  metadata: metadataSchema.optional(),
  customFields: customFieldsInputSchema.optional(),
});

export const updateEntityRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .patch("/entities/:id", { summary: "Update a catalog entity", description: "A patch. In `customFields` an explicit null clears a field and omitted keys stay." })
    .permission("catalog:update")
    .input(body)
    .output(entitySchema)
    .handler(async ({ params, input, organizationId, actor }) => ({ data: await services.catalog.updateEntity(organizationId, params.id, input, actor) }))
    .build();
