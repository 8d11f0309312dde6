import { z } from "zod";
import { paginate, paginationQuery } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { endpointIdParams, webhookDeliverySchema } from "../webhook-schemas.js";

export const listWebhookDeliveries = ({ services }: RouteContext) =>
  router("Webhooks", "/webhooks")
    .get("/:id/deliveries", { summary: "Deliveries to an endpoint and their outcomes, newest first" })
    .permission("webhooks:manage")
    .params(endpointIdParams)
    .query(paginationQuery)
    .output(z.array(webhookDeliverySchema))
    .handler(async ({ params, query, organizationId }) => {
      const { items, total } = await services.webhooks.listDeliveries(organizationId, params.id, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
