import { router } from "../../../http/router.js";
import { withHookErrors } from "../../../http/with-hook-errors.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { entitySchema, updateEntityInput } from "../catalog-schemas.js";

export const updateEntityRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .patch("/entities/:id", {
      summary: "Update a catalog entity",
      description: "A patch. In `customFields` an explicit null clears a field and omitted keys stay.",
    })
    .permission("catalog:update")
    .input(updateEntityInput)
    .output(entitySchema)
    .handler(async ({ params, input, organizationId, actor }) =>
      withHookErrors(await services.catalog.updateEntity(organizationId, params.id, input, actor)),
    )
    .build();
