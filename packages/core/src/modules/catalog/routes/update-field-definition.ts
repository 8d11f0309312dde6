import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import {
  fieldDefinitionBody,
  fieldDefinitionSchema,
  toDefinitionFlags,
  toFieldDefinitionOutput,
} from "./field-definition-schemas.js";

const body = fieldDefinitionBody.pick({ label: true, required: true, filterable: true, options: true });

export const updateFieldDefinitionRoute = ({ services }: RouteContext) =>
  router("Catalog administration", "/admin")
    .patch("/entity-field-definitions/:id", {
      summary: "Update a custom-field definition",
      description: "Entity type, name and data type are fixed once created.",
    })
    .permission("catalog:update")
    .params(z.object({ id: z.uuid() }))
    .input(body)
    .output(fieldDefinitionSchema)
    .handler(async ({ params, input: { required, filterable, ...input }, organizationId, actor }) => {
      const definition = await services.catalog.updateDefinition(
        organizationId,
        params.id,
        { ...input, ...toDefinitionFlags({ required, filterable }) },
        actor,
      );
      return { data: toFieldDefinitionOutput(definition) };
    })
    .build();
