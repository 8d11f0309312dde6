import type { Order } from "@unified-commerce/plugin-sdk";
import type { OrderWebhook } from "./order-webhook.js";

/** Options of {@link agenticCheckout}. */
export interface AgenticCheckoutOptions {
  /**
   * Where the routes are mounted, below the API root `/api` (`/api/acp/checkout_sessions`...). A value
   * starting with `/api/` is read as the full path.
   * @default "/acp"
   */
  prefix?: string;
  /** The agent platform's order webhook; without it, no order event is sent. */
  webhook?: OrderWebhook;
  /** Attempts of one order event before its job is failed (then `uc jobs retry`). @default 8 */
  webhookAttempts?: number;
  /** First retry delay of a failed delivery, doubling at each attempt. @default 10000 */
  webhookRetryDelayMs?: number;
  /** The order's page for the buyer (`permalink_url`). @default `https://example.invalid/orders/<number>` */
  orderUrl?: (order: Order) => string;
}

/** The API-root-relative prefix of the routes. */
export function routePrefixOf(prefix: string | undefined): string {
  const value = (prefix ?? "/acp").replace(/\/$/, "");
  const relative = value === "/api" ? "/" : value.startsWith("/api/") ? value.slice(4) : value;
  if (!/^\/[A-Za-z0-9/_-]*$/.test(relative))
    throw new Error(`agenticCheckout: prefix "${prefix}" must be a path such as /acp`);
  return relative;
}
