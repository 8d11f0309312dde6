import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { fieldDefinitionBody, fieldDefinitionSchema } from "./field-definition-schemas.js";

export const createFieldDefinitionRoute = ({ services }: RouteContext) =>
  router("Catalog administration", "/admin")
    .post("/entity-field-definitions", { summary: "Create a custom-field definition", description: "A name already defined for the entity type is a 409." })
    .permission("catalog:update")
    .input(fieldDefinitionBody)
    .output(fieldDefinitionSchema)
    .status(201)
    .handler(async ({ input: { required, filterable, ...input }, organizationId, actor }) => ({
      data: await services.catalog.createDefinition(
        organizationId,
        { ...input, ...(required === undefined ? {} : { isRequired: required }), ...(filterable === undefined ? {} : { isFilterable: filterable }) },
        actor,
      ),
    }))
    .build();
