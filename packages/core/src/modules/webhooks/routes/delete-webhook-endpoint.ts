import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { endpointIdParams } from "../webhook-schemas.js";

export const deleteWebhookEndpoint = ({ services }: RouteContext) =>
  router("Webhooks", "/webhooks")
    .delete("/:id", { summary: "Delete an endpoint and its delivery history" })
    .permission("webhooks:manage")
    .params(endpointIdParams)
    .output(z.object({ id: z.uuid(), deleted: z.literal(true) }))
    .handler(async ({ params, actor, organizationId }) => {
      await services.webhooks.remove(organizationId, params.id, actor);
      return { data: { id: params.id, deleted: true as const } };
    })
    .build();
