import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { modifierSchema } from "../pricing-schemas.js";

export const deleteModifierRoute = ({ services }: RouteContext) =>
  router("Pricing", "/pricing")
    .delete("/modifiers/:id", {
      summary: "Delete a price modifier",
      description: "Answers the deleted modifier. Emits pricing.update.",
    })
    .permission("pricing:update")
    .params(z.object({ id: z.uuid() }))
    .output(modifierSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: await services.pricing.deleteModifier(organizationId, params.id, actor),
    }))
    .build();
