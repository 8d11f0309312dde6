import { z } from "zod";
import { paginate, router, type RouteContext } from "@unified-commerce/plugin-sdk";
import { commissionRuleSchema, createCommissionRuleInput, listCommissionRulesQuery, updateCommissionRuleInput } from "../commission-schemas.js";

/** Commission rules: what the marketplace keeps of each line sold (see `pickRule` for which rule applies). */
export const commissionRuleRoutes = ({ services }: RouteContext) =>
  router("Marketplace commission", "/marketplace/commission-rules")
    .get("/", { summary: "List commission rules", description: "Highest priority first, then oldest; `vendorId` keeps that vendor's rules." })
    .permission("marketplace:read")
    .query(listCommissionRulesQuery)
    .output(z.array(commissionRuleSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.marketplace.commissionRules.list(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .post("/", {
      summary: "Create a commission rule",
      description: "`percentage` (rateBps of the line's total) or `fixed` (amount per unit); for a vendor, a category or every line (neither). Applies to orders placed from now on.",
    })
    .permission("marketplace:admin")
    .input(createCommissionRuleInput)
    .output(commissionRuleSchema)
    .status(201)
    .handler(async ({ input, actor, organizationId }) => ({ data: await services.marketplace.commissionRules.create(organizationId, actor, input) }))
    .patch("/:id", { summary: "Change a commission rule", description: "The changed rule must still be whole (422). Sub-orders already placed keep their commission." })
    .permission("marketplace:admin")
    .input(updateCommissionRuleInput)
    .output(commissionRuleSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({ data: await services.marketplace.commissionRules.update(organizationId, actor, params.id, input) }))
    .delete("/:id", { summary: "Delete a commission rule" })
    .permission("marketplace:admin")
    .output(z.object({ id: z.string() }))
    .handler(async ({ params, actor, organizationId }) => ({ data: await services.marketplace.commissionRules.remove(organizationId, actor, params.id) }))
    .build();
