import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { optionTypeSchema } from "../catalog-schemas.js";

const body = z.object({
  name: z.string().min(1).max(100),
  position: z.number().int().min(0).optional(),
  values: z.array(z.string().min(1).max(200)).max(200).optional(),
});

export const createOptionTypeRoute = ({ services }: RouteContext) =>
  router("Catalog", "/catalog")
    .post("/entities/:id/options", {
      summary: "Create an option type (with optional values)",
      description: "A duplicate name on the entity is a 409.",
    })
    .permission("catalog:update")
    .input(body)
    .output(optionTypeSchema)
    .status(201)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.catalog.createOptionType(organizationId, params.id, input, actor),
    }))
    .build();
