import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { entitySchema, includeQuery } from "../catalog-schemas.js";

export const getEntityRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .get("/entities/:idOrSlug", { summary: "Read a catalog entity by UUID or slug" })
    .permission("catalog:read")
    .query(z.object({ include: includeQuery }))
    .output(entitySchema)
    .handler(async ({ params, query, organizationId, actor }) => ({
      data: await services.catalog.getEntity(organizationId, params.idOrSlug, { actor, include: query.include }),
    }))
    .build();
