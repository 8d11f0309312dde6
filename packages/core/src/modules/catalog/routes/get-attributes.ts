import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { attributesOutputSchema, localeSchema } from "../catalog-schemas.js";

export const getAttributesRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .get("/entities/:id/attributes/:locale", { summary: "Read the localized attributes of one locale" })
    .permission("catalog:read")
    .params(z.object({ id: z.string().min(1), locale: localeSchema }))
    .output(attributesOutputSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: await services.catalog.getAttributes(organizationId, params.id, params.locale, actor),
    }))
    .build();
