import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { fieldDefinitionSchema, toFieldDefinitionOutput } from "./field-definition-schemas.js";

export const archiveFieldDefinitionRoute = ({ services }: RouteContext) =>
  router("Catalog administration", "/admin")
    .post("/entity-field-definitions/:id/archive", {
      summary: "Archive a custom-field definition",
      description: "There is no delete: existing values keep their meaning, new ones are refused.",
    })
    .permission("catalog:update")
    .params(z.object({ id: z.uuid() }))
    .output(fieldDefinitionSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: toFieldDefinitionOutput(await services.catalog.archiveDefinition(organizationId, params.id, actor)),
    }))
    .build();
