import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customFieldsInputSchema, entitySchema, entityStatusSchema, localeSchema, localizedAttributesSchema, metadataSchema, slugSchema } from "../catalog-schemas.js";

const body = z.object({
  type: z.string().min(1).max(100),
  slug: slugSchema,
  status: entityStatusSchema.default("draft"),
  metadata: metadataSchema.optional(),
  customFields: customFieldsInputSchema.optional(),
  attributes: z.record(localeSchema, localizedAttributesSchema).optional(),
  source: z.enum(["platform", "store"]).optional(),
  sourceStoreId: z.string().min(1).max(200).nullable().optional(),
});

export const createEntityRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .post("/entities", { summary: "Create a catalog entity", description: "A duplicate slug is a 409. `customFields` are validated against the type's definitions." })
    .permission("catalog:create")
    .input(body)
    .output(entitySchema)
    .status(201)
    .handler(async ({ input, organizationId, actor }) => ({ data: await services.catalog.createEntity(organizationId, input, actor) }))
    .build();
