import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { optionValueSchema } from "../catalog-schemas.js";

export const createOptionValueRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .post("/options/:optionTypeId/values", {
      summary: "Create an option value",
      description: "A duplicate value of the option type is a 409.",
    })
    .permission("catalog:update")
    .params(z.object({ optionTypeId: z.uuid() }))
    .input(z.object({ value: z.string().min(1).max(200), position: z.number().int().min(0).optional() }))
    .output(optionValueSchema)
    .status(201)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.catalog.createOptionValue(organizationId, params.optionTypeId, input, actor),
    }))
    .build();
