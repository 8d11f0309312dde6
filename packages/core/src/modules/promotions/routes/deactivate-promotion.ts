import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { promotionSchema } from "../promotions-schemas.js";

export const deactivatePromotionRoute = ({ services }: RouteContext) =>
  router("Promotions", "/promotions")
    .post("/:id/deactivate", {
      summary: "Deactivate a promotion",
      description: "Idempotent. Emits promotions.update when it was active.",
    })
    .permission("promotions:update")
    .params(z.object({ id: z.uuid() }))
    .output(promotionSchema)
    .handler(async ({ params, organizationId, actor }) => ({
      data: await services.promotions.deactivatePromotion(organizationId, params.id, actor),
    }))
    .build();
