import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { attributesOutputSchema, localeSchema, localizedAttributesSchema } from "../catalog-schemas.js";

export const putAttributesRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .put("/entities/:id/attributes/:locale", { summary: "Replace the localized attributes of one locale" })
    .permission("catalog:update")
    .params(z.object({ id: z.string().min(1), locale: localeSchema }))
    .input(localizedAttributesSchema)
    .output(attributesOutputSchema)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.catalog.putAttributes(organizationId, params.id, params.locale, input, actor),
    }))
    .build();
