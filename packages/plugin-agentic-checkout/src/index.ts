export { agenticCheckout, AGENTIC_CHECKOUT_VERSION } from "./agentic-checkout-plugin.js";
export type { AgenticCheckoutOptions } from "./acp-options.js";
export {
  SUPPORTED_API_VERSIONS,
  PROTOCOL_VERSION,
  ACP_PERMISSION,
  ORDER_EVENT_TASK,
  SHIPPING_SETTINGS_GROUP,
} from "./acp-declarations.js";
export { acpErrorCodes } from "./acp-errors.js";
export { flatRateSchema, shippingSettings, type FlatRate } from "./flat-rates.js";
export {
  signOrderEvent,
  verifyOrderEventSignature,
  SIGNATURE_HEADER,
  type OrderWebhook,
  type FetchLike,
} from "./order-webhook.js";
export {
  checkoutSessionSchema,
  createSessionBody,
  updateSessionBody,
  completeSessionBody,
  cancelSessionBody,
  acpOrderSchema,
  type CheckoutSession,
  type AcpOrder,
} from "./acp-schemas.js";
export type { AgenticCheckoutService } from "./session-service.js";
