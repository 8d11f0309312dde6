import { z } from "zod";
import { paginate, paginationQuery } from "../../../http/pagination.js";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { webhookEndpointSchema } from "../webhook-schemas.js";

export const listWebhookEndpoints = ({ services }: RouteContext) =>
  router("Webhooks", "/webhooks")
    .get("/", { summary: "List endpoints (secrets are never shown again)" })
    .permission("webhooks:manage")
    .query(paginationQuery)
    .output(z.array(webhookEndpointSchema))
    .handler(async ({ query, organizationId }) => {
      const { items, total } = await services.webhooks.list(organizationId, query);
      return { data: items, meta: paginate(query, total) };
    })
    .build();
