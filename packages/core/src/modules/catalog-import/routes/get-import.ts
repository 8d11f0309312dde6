import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { importSchema } from "../catalog-import-schemas.js";

export const getImportRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .get("/import/:id", {
      summary: "Progress of a catalog import: rows done, created, updated, failed (first 1,000 with lines and reasons)",
    })
    .permission("catalog:import")
    .params(z.object({ id: z.string().min(1).max(100) }))
    .output(importSchema)
    .handler(async ({ params, organizationId }) => ({
      data: await services.catalogImport.getImport(organizationId, params.id),
    }))
    .build();
