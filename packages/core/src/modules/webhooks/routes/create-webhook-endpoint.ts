import { z } from "zod";
import { router } from "../../../http/router.js";
import type { RouteContext } from "../../../kernel/contexts.js";
import { endpointInputSchema, webhookEndpointSchema } from "../webhook-schemas.js";

export const createWebhookEndpoint = ({ services, registries }: RouteContext) =>
  router("Webhooks", "/webhooks")
    .post("/", {
      summary: "Register an endpoint",
      description: "The answer carries the signing secret (`whsec_...`); it is shown this once and stored encrypted.",
    })
    .permission("webhooks:manage")
    .input(endpointInputSchema([...registries.events.keys()]))
    .output(webhookEndpointSchema.extend({ secret: z.string() }))
    .status(201)
    .handler(async ({ input, actor, organizationId }) => ({
      data: await services.webhooks.create(organizationId, input, actor),
    }))
    .build();
