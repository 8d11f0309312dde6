import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { commissionRuleSchema, updateCommissionRuleInput } from "../commission-schemas.js";

/** Change a commission rule. */
export const updateCommissionRuleRoute = ({ services }: RouteContext) =>
  router("Marketplace commission", "/marketplace/commission-rules")
    .patch("/:id", {
      summary: "Change a commission rule",
      description: "The changed rule must still be whole (422). Sub-orders already placed keep their commission.",
    })
    .permission("marketplace:admin")
    .input(updateCommissionRuleInput)
    .output(commissionRuleSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.marketplace.commissionRules.update(organizationId, actor, params.id, input),
    }))
    .build();
