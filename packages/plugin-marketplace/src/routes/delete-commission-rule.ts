import { z } from "zod";
import { router, type RouteContext } from "@unified-commerce/plugin-sdk";

/** Delete a commission rule. */
export const deleteCommissionRuleRoute = ({ services }: RouteContext) =>
  router("Marketplace commission", "/marketplace/commission-rules")
    .delete("/:id", { summary: "Delete a commission rule" })
    .permission("marketplace:admin")
    .output(z.object({ id: z.string() }))
    .handler(async ({ params, actor, organizationId }) => ({
      data: await services.marketplace.commissionRules.remove(organizationId, actor, params.id),
    }))
    .build();
