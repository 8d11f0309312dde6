import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { defineTask } from "../../kernel/kernel-task.js";
import { webhookMigrations } from "./webhook-migrations.js";
import { createWebhookService, DELIVER_TASK } from "./webhook-service.js";
import { createWebhookEndpoint } from "./routes/create-webhook-endpoint.js";
import { deleteWebhookEndpoint } from "./routes/delete-webhook-endpoint.js";
import { listWebhookDeliveries } from "./routes/list-webhook-deliveries.js";
import { listWebhookEndpoints } from "./routes/list-webhook-endpoints.js";
import { updateWebhookEndpoint } from "./routes/update-webhook-endpoint.js";

/**
 * Outbound webhooks: endpoints subscribe to the domain events manifests declare (`events`); each event becomes a delivery and a
 * `webhooks/deliver` job in the event's own transaction, signed the Standard Webhooks way and retried
 * with exponential backoff over about a day (12 attempts, 45 s doubling: the last one ~25 h after the first).
 */
export const webhooksModule: PluginManifest = {
  id: "webhooks",
  version: CORE_VERSION,
  dependencies: ["jobs"],
  permissions: [{ scope: "webhooks:manage", description: "Register, list and delete webhook endpoints" }],
  schema: { migrations: webhookMigrations },
  services: ({ database, events, secrets, config, registries, services }) => ({
    webhooks: createWebhookService({
      database,
      events,
      secrets,
      options: config.webhooks ?? {},
      outbound: services.outbound,
      subscribable: new Set(registries.events.keys()),
    }),
  }),
  subscribers: [
    { event: "*", handler: (event, { trx, services }) => services.webhooks.fanOut(event, services, { trx }) },
  ],
  tasks: [
    defineTask({
      slug: DELIVER_TASK,
      retries: { attempts: 12, backoff: { type: "exponential", delay: 45_000 } },
      handler: async ({ deliveryId }, { services, job }) => {
        const isLast = job.attempts >= job.maxAttempts;
        let outcome: "delivered" | "skipped";
        try {
          outcome = await services.webhooks.attempt(job.organizationId, deliveryId, { number: job.attempts, isLast });
        } catch (error) {
          services.metrics.recordWebhookDelivery(isLast ? "failed" : "retrying");
          throw error;
        }
        services.metrics.recordWebhookDelivery(outcome);
        return { deliveryId };
      },
    }),
  ],
  routes: (context) => [
    ...createWebhookEndpoint(context),
    ...listWebhookEndpoints(context),
    ...updateWebhookEndpoint(context),
    ...deleteWebhookEndpoint(context),
    ...listWebhookDeliveries(context),
  ],
};
