/**
 * The payments module's public entry: what other modules, core's `src/index.ts` (and through it plugins) and
 * `src/testing/` may use. Code outside `modules/payments/` imports the module only through this file, or from
 * tests through `testing.ts` (scripts/check-boundaries.mjs); the module's own files never import it.
 */
export { paymentsModule } from "./payments-module.js";
export { cardAdapter, type CardAdapterOptions } from "./card-adapter.js";
export {
  CARD_SIGNATURE_HEADER,
  CARD_SIGNATURE_TOLERANCE_SECONDS,
  signCardWebhook,
  verifyCardSignature,
} from "./card-signature.js";
export { manualAdapter } from "./manual-adapter.js";
export {
  type CaptureInput,
  type CreateIntentInput,
  type PaymentAdapter,
  type PaymentIntentResult,
  type PaymentOperationResult,
  type PaymentStatus,
  type PaymentWebhookAction,
  type PaymentWebhookDelivery,
  type PaymentWebhookEvent,
  PaymentWebhookRejected,
  type RefundInput,
} from "./payment-adapter.js";
export type { PaymentsConfig } from "./payments-config.js";
export { paymentSummarySchema } from "./payments-schemas.js";
export type {
  PaymentIntent,
  PaymentIntentAnswer,
  PaymentsService,
  PaymentSummary,
  ReadIntentInput,
  RecordIntentInput,
  RefundPaymentInput,
  WebhookOutcome,
  WebhookReceipt,
} from "./payments-service.js";
export { paymentsErrorReasons } from "./payments-errors.js";
