import type { ServiceContext } from "../../kernel/contexts.js";
import type { ErrorCodesOf } from "../../kernel/error-codes.js";
import { createPaymentIntentAccess } from "./payment-intent-access.js";
import { createPaymentIntentOperations } from "./payment-intent-operations.js";
import { createPaymentRefunds } from "./payment-refunds.js";
import { createPaymentRegistry } from "./payment-registry.js";
import { createPaymentWebhookReceiver } from "./payment-webhook-receiver.js";
import type { PaymentsContext } from "./payments-context.js";
import type { paymentsErrors } from "./payments-errors.js";

/**
 * Payments: the configured provider adapters, the intent checkout records for each order (the provider
 * is called afterwards by a job), and verified webhook deliveries that confirm orders.
 */
export function createPaymentsService({
  database,
  services,
  config,
  logger,
  secrets,
}: Pick<ServiceContext, "database" | "services" | "config" | "logger" | "secrets">) {
  const registry = createPaymentRegistry(config.payments?.adapters);
  const context: PaymentsContext = { database, services, registry, logger, secrets };
  return {
    ...createPaymentIntentOperations(context),
    ...createPaymentIntentAccess(context),
    ...createPaymentWebhookReceiver(context),
    ...createPaymentRefunds(context),
    /** Whether an adapter with this provider id is registered. */
    hasProvider: (provider: string): boolean => registry.has(provider),
    /** The provider of a checkout's payment method id, or null; see `PaymentRegistry.providerOf`. */
    providerOf: (paymentMethodId: string): string | null => registry.providerOf(paymentMethodId),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
export type { PaymentIntent } from "./payments-context.js";
export type { RecordIntentInput } from "./payment-intent-operations.js";
export type { ReadIntentInput } from "./payment-intent-access.js";
export type { RefundPaymentInput } from "./payment-refunds.js";
export type { PaymentIntentAnswer, PaymentSummary } from "./payments-schemas.js";
export type { WebhookReceipt, WebhookOutcome } from "./payment-webhook-receiver.js";

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.payments` too.
declare module "../../kernel/services.js" {
  interface Services {
    payments: PaymentsService;
  }
}

// The module's error codes and task input, declared beside the service for the same reason.
declare module "../../kernel/error-codes.js" {
  interface ErrorCodes extends ErrorCodesOf<typeof paymentsErrors> {}
}

declare module "../../kernel/kernel-task.js" {
  interface TaskInputs {
    "payments/create-intent": { intentId: string };
  }
}
