import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { promotionBody, promotionSchema } from "../promotions-schemas.js";

export const createPromotionRoute = ({ services }: RouteContext) =>
  router("Promotions", "/promotions")
    .post("/", {
      summary: "Create a promotion",
      description: [
        "Codes are unique per organization without regard to case (409 on a duplicate). `validFrom` (default now) and",
        "`validUntil` are ISO 8601 date-times. `value` is a percent for percentage_off_* and buy_x_get_y (the discount",
        "on the free units; 100 = free), minor units for fixed_off_*, in `currency` (default: the store's",
        "`settings.general.currency`; 422 when neither is set). Emits promotions.create.",
      ].join(" "),
    })
    .permission("promotions:create")
    .input(promotionBody)
    .output(promotionSchema)
    .status(201)
    .handler(async ({ input, organizationId, actor }) => ({
      data: await services.promotions.createPromotion(organizationId, input, actor),
    }))
    .build();
