import { z } from "zod";
import { paginate, paginationQuery } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { currencySchema } from "../../../money/currency-schema.js";
import { customerGroupIdSchema, priceSchema } from "../pricing-schemas.js";

const query = paginationQuery.extend({
  entityId: z.uuid().optional(),
  variantId: z.uuid().optional(),
  currency: currencySchema.optional(),
  customerGroupId: customerGroupIdSchema.optional(),
});

export const listPricesRoute = ({ services }: RouteContext) =>
  router("Pricing", "/pricing")
    .get("/prices", { summary: "List prices", description: "Filters: entityId, variantId, currency, customerGroupId." })
    .permission("pricing:update")
    .query(query)
    .output(z.array(priceSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.pricing.listPrices(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
