import type { AgenticCheckoutService } from "./session-service.js";

/** The Agentic Checkout API versions (`API-Version` header) this plugin answers, oldest first. */
export const SUPPORTED_API_VERSIONS = ["2026-01-16", "2026-01-30", "2026-04-17"] as const;

/** The version the answers' `protocol.version` names: the newest supported. */
export const PROTOCOL_VERSION = "2026-04-17";

/** The permission of the checkout session routes, and of the `agent` API-key scope. */
export const ACP_PERMISSION = "acp:checkout";

/** Delivers one order event to the agent platform's webhook (retried by the job queue). */
export const ORDER_EVENT_TASK = "agentic-checkout/order-event";

/** The settings group of each store's flat shipping rates. */
export const SHIPPING_SETTINGS_GROUP = "agentic-shipping";

declare module "@unified-commerce/plugin-sdk" {
  interface Services {
    agenticCheckout: AgenticCheckoutService;
  }
  interface TaskInputs {
    /** Posts `order_create` or `order_update` for one order, signed, to the platform's webhook. */
    "agentic-checkout/order-event": { orderId: string; type: "order_create" | "order_update" };
  }
}
