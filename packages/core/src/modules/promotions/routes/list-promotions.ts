import { z } from "zod";
import { paginate, paginationQuery } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { canManagePromotions } from "../promotions-context.js";
import { listedPromotionSchema, toPublicPromotion } from "../promotions-schemas.js";

export const listPromotionsRoute = ({ services }: RouteContext) =>
  router("Promotions", "/promotions")
    .get("/", {
      summary: "List active promotions",
      description: [
        "Active promotions inside their validity window, oldest first. Public, as the spec has it:",
        "storefronts advertise current offers. Callers who manage promotions (`promotions:create` or",
        "`promotions:update`) see every active promotion whole; anyone else (anonymous, a storefront key, a customer)",
        "sees only those marked `isPublic`, without `usageLimit`, `used`, `perCustomerLimit` and `customerGroupIds`.",
      ].join(" "),
    })
    .query(paginationQuery)
    .output(z.array(listedPromotionSchema))
    .handler(async ({ query, organizationId, actor }) => {
      const isStaff = canManagePromotions(actor);
      const { items, total } = await services.promotions.listActivePromotions(organizationId, {
        ...query,
        isPublicOnly: !isStaff,
      });
      return { data: isStaff ? items : items.map(toPublicPromotion), meta: paginate(query, total) };
    })
    .build();
