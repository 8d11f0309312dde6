import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { modifierBody, modifierSchema } from "../pricing-schemas.js";

export const updateModifierRoute = ({ services }: RouteContext) =>
  router("Pricing", "/pricing")
    .patch("/modifiers/:id", {
      summary: "Update a price modifier",
      description: "Any subset of the create fields. Emits pricing.update.",
    })
    .permission("pricing:update")
    .params(z.object({ id: z.uuid() }))
    .input(modifierBody.partial())
    .output(modifierSchema)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.pricing.updateModifier(organizationId, params.id, input, actor),
    }))
    .build();
