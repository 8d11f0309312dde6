import { defineTask } from "../../kernel/kernel-task.js";
import type { PluginManifest } from "../../kernel/plugin.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { CREATE_INTENT_TASK } from "./payment-intent-operations.js";
import { paymentsErrors } from "./payments-errors.js";
import { paymentsMigrations } from "./payments-migrations.js";
import { createPaymentsService } from "./payments-service.js";
import { getPaymentIntentRoute } from "./routes/get-payment-intent.js";
import { receivePaymentWebhookRoute } from "./routes/receive-payment-webhook.js";

/**
 * Payments through the adapters of `payments.adapters`: intents recorded in checkout's transaction and
 * sent to the provider by a job (retried with exponential backoff: 8 attempts, 5 s doubling, about
 * 10 minutes in all), and the webhook receiver that confirms orders.
 */
export const paymentsModule: PluginManifest = {
  id: "payments",
  version: CORE_VERSION,
  // Carts: an order's intent answers its cart's owner (`GET /payments/intents/:id`).
  dependencies: ["jobs", "orders", "carts"],
  schema: { migrations: paymentsMigrations },
  errors: paymentsErrors,
  services: (context) => ({ payments: createPaymentsService(context) }),
  tasks: [
    defineTask({
      slug: CREATE_INTENT_TASK,
      retries: { attempts: 8, backoff: { type: "exponential", delay: 5_000 } },
      handler: async ({ intentId }, { services, job }) => {
        const intent = await services.payments.createProviderIntent(job.organizationId, intentId, {
          isLast: job.attempts >= job.maxAttempts,
        });
        return { intentId, providerReference: intent?.providerReference ?? null, status: intent?.status ?? null };
      },
    }),
  ],
  routes: (context) => [...receivePaymentWebhookRoute(context), ...getPaymentIntentRoute(context)],
};
