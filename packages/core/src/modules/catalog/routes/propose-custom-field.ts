import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { customFieldRowSchema, localeSchema } from "../catalog-schemas.js";

export const fieldParams = z.object({ id: z.string().min(1), fieldName: z.string().regex(/^[A-Za-z0-9_-]+$/) });

const body = z.object({
  value: z.unknown().refine((value) => value !== undefined && value !== null, "is required"),
  locale: localeSchema.default("en"),
  source: z.string().min(1).max(50).default("merchant"),
  storeId: z.string().min(1).max(200).nullable().optional(),
});

export const proposeCustomFieldRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .post("/entities/:id/custom-fields/:fieldName/proposals", {
      summary: "Propose a custom-field value",
      description:
        "Adds a pending value (validated against the field's definition) for an editor to approve or reject.",
    })
    .permission("catalog:update")
    .params(fieldParams)
    .input(body)
    .output(customFieldRowSchema)
    .status(201)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.catalog.propose(organizationId, params.id, params.fieldName, input, actor),
    }))
    .build();
