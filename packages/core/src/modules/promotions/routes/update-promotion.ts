import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { promotionBody, promotionSchema } from "../promotions-schemas.js";

// Strict: a promotion's `type` cannot change (create another one), and saying so is a 422, not a no-op.
const body = promotionBody.omit({ type: true }).partial().extend({ isActive: z.boolean().optional() }).strict();

export const updatePromotionRoute = ({ services }: RouteContext) =>
  router("Promotions", "/promotions")
    .patch("/:id", {
      summary: "Update a promotion",
      description: "Any field but `type`; the promotion is checked as a whole again. Emits promotions.update.",
    })
    .permission("promotions:update")
    .params(z.object({ id: z.uuid() }))
    .input(body)
    .output(promotionSchema)
    .handler(async ({ params, input, organizationId, actor }) => ({
      data: await services.promotions.updatePromotion(organizationId, params.id, input, actor),
    }))
    .build();
