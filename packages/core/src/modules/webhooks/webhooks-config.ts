import type { WebhookOptions } from "./webhook-service.js";

export type { WebhookOptions };

declare module "../../kernel/config.js" {
  interface CommerceConfig {
    /** Outbound webhook delivery: which non-public targets are allowed, per-attempt timeout. */
    webhooks?: WebhookOptions;
  }
}
