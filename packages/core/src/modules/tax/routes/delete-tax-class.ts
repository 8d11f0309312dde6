import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { taxClassSchema } from "../tax-schemas.js";

export const deleteTaxClassRoute = ({ services }: RouteContext) =>
  router("Tax", "/tax")
    .delete("/classes/:id", {
      summary: "Delete a tax class",
      description:
        "Its assignments go with it; their lines fall through to the entity's class, the default class, then 0.",
    })
    .permission("tax:manage")
    .params(z.object({ id: z.uuid() }))
    .output(taxClassSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: await services.tax.deleteTaxClass(organizationId, params.id, actor),
    }))
    .build();
