import { z } from "zod";
import { paginate, paginationQuery } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { modifierSchema } from "../pricing-schemas.js";

const query = paginationQuery.extend({
  entityId: z.uuid().optional(),
  isActive: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
});

export const listModifiersRoute = ({ services }: RouteContext) =>
  router("Pricing", "/pricing")
    .get("/modifiers", {
      summary: "List price modifiers",
      description: "In application order: percentages, then fixed amounts, by priority.",
    })
    .permission("pricing:update")
    .query(query)
    .output(z.array(modifierSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.pricing.listModifiers(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
