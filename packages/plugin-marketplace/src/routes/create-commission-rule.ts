import { router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { commissionRuleSchema, createCommissionRuleInput } from "../commission-schemas.js";

/** Create a commission rule. */
export const createCommissionRuleRoute = ({ services }: RouteContext) =>
  router("Marketplace commission", "/marketplace/commission-rules")
    .post("/", {
      summary: "Create a commission rule",
      description: [
        "`percentage` (rateBps of the line's total) or `fixed` (amount per unit); for a vendor, a category or every",
        "line (neither). Applies to orders placed from now on.",
      ].join(" "),
    })
    .permission("marketplace:admin")
    .input(createCommissionRuleInput)
    .output(commissionRuleSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId }) => ({
      data: await services.marketplace.commissionRules.create(organizationId, actor, input),
    }))
    .build();
