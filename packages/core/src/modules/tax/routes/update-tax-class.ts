import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { taxClassBody, taxClassSchema } from "../tax-schemas.js";

export const updateTaxClassRoute = ({ services }: RouteContext) =>
  router("Tax", "/tax")
    .patch("/classes/:id", {
      summary: "Update a tax class",
      description: "Any subset of the fields; `isDefault: true` unsets the previous default atomically.",
    })
    .permission("tax:manage")
    .params(z.object({ id: z.uuid() }))
    .input(taxClassBody.partial())
    .output(taxClassSchema)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.tax.updateTaxClass(organizationId, params.id, input, actor),
    }))
    .build();
