import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import {
  fieldDefinitionBody,
  fieldDefinitionSchema,
  toDefinitionFlags,
  toFieldDefinitionOutput,
} from "./field-definition-schemas.js";

export const createFieldDefinitionRoute = ({ services }: RouteContext) =>
  router("Catalog administration", "/admin")
    .post("/entity-field-definitions", {
      summary: "Create a custom-field definition",
      description: "A name already defined for the entity type is a 409.",
    })
    .permission("catalog:update")
    .input(fieldDefinitionBody)
    .output(fieldDefinitionSchema)
    .status(201)
    .handler(async ({ input: { required, filterable, ...input }, organizationId, actor }) => {
      const definition = await services.catalog.createDefinition(
        organizationId,
        { ...input, ...toDefinitionFlags({ required, filterable }) },
        actor,
      );
      return { data: toFieldDefinitionOutput(definition) };
    })
    .build();
