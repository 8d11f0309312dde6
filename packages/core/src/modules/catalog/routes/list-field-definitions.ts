import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { fieldDefinitionSchema, toFieldDefinitionOutput } from "./field-definition-schemas.js";

export const listFieldDefinitionsRoute = ({ services }: RouteContext) =>
  router("Catalog administration", "/admin")
    .get("/entity-field-definitions", {
      summary: "List custom-field definitions",
      description: "Archived ones included (they have archivedAt).",
    })
    .permission("catalog:update")
    .query(z.object({ entityType: z.string().min(1).max(100).optional() }))
    .output(z.array(fieldDefinitionSchema))
    .handler(async ({ query, organizationId }) => ({
      data: (await services.catalog.listDefinitions(organizationId, query)).map(toFieldDefinitionOutput),
    }))
    .build();
