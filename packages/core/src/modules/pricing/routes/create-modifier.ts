import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { modifierBody, modifierSchema } from "../pricing-schemas.js";

export const createModifierRoute = ({ services }: RouteContext) =>
  router("Pricing", "/pricing")
    .post("/modifiers", {
      summary: "Create a price modifier",
      description: [
        "`percentage` modifiers change the running price by `value` basis points (signed), `fixed` ones by `value`",
        "minor units (signed; a currency is required). Targets: entityId, variantId, currency, customerGroupId (null:",
        "all). Percentages apply first, then fixed amounts, each by priority; the price never goes below 0.",
        "Emits pricing.create.",
      ].join(" "),
    })
    .permission("pricing:create")
    .input(modifierBody)
    .output(modifierSchema)
    .status(201)
    .handler(async ({ input, organizationId, actor }) => ({
      data: await services.pricing.createModifier(organizationId, input, actor),
    }))
    .build();
