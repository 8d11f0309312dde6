import { router } from "../../../http/router.js";
import { withHookErrors } from "../../../http/with-hook-errors.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { createEntityInput, entitySchema } from "../catalog-schemas.js";

export const createEntityRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .post("/entities", {
      summary: "Create a catalog entity",
      description: "A duplicate slug is a 409. `customFields` are validated against the type's definitions.",
    })
    .permission("catalog:create")
    .input(createEntityInput)
    .output(entitySchema)
    .status(201)
    .handler(async ({ input, organizationId, actor }) =>
      withHookErrors(await services.catalog.createEntity(organizationId, input, actor)),
    )
    .build();
