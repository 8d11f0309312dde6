import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { endpointIdParams, endpointInputSchema, webhookEndpointSchema } from "../webhook-schemas.js";

export const updateWebhookEndpoint = ({ services, registries }: RouteContext) =>
  router("Webhooks", "/webhooks")
    .patch("/:id", { summary: "Change an endpoint's URL, events, description or active flag" })
    .permission("webhooks:manage")
    .params(endpointIdParams)
    .input(endpointInputSchema([...registries.events.keys()]).partial())
    .output(webhookEndpointSchema)
    .handler(async ({ params, input, actor, organizationId }) => ({
      data: await services.webhooks.update(organizationId, params.id, input, actor),
    }))
    .build();
