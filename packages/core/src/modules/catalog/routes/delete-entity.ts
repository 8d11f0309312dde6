import { router } from "../../../http/router.js";
import { withHookErrors } from "../../../http/with-hook-errors.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { entitySchema } from "../catalog-schemas.js";

export const deleteEntityRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .delete("/entities/:id", { summary: "Delete a catalog entity", description: "Answers the deleted entity." })
    .permission("catalog:delete")
    .output(entitySchema)
    .handler(async ({ params, organizationId, actor }) =>
      withHookErrors(await services.catalog.deleteEntity(organizationId, params.id, actor)),
    )
    .build();
