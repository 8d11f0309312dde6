import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { modifierSchema } from "../pricing-schemas.js";

export const getModifierRoute = ({ services }: RouteContext) =>
  router("Pricing", "/pricing")
    .get("/modifiers/:id", { summary: "Read a price modifier" })
    .permission("pricing:update")
    .params(z.object({ id: z.uuid() }))
    .output(modifierSchema)
    .handler(async ({ params, organizationId }) => ({
      data: await services.pricing.getModifier(organizationId, params.id),
    }))
    .build();
