import type { WebhookOptions } from "./webhook-service.js";
import type { CommerceConfig } from "../../kernel/config.js";

export type { WebhookOptions };

declare module "../../kernel/config.js" {
  interface CommerceConfig {
    /** Outbound webhook delivery: which non-public targets are allowed, per-attempt timeout. */
    webhooks?: WebhookOptions;
  }
}

/**
 * The configuration with the deprecated `webhooks.targets` and `webhooks.resolveHost` carried over to
 * `outbound` where that is unset, so a configuration written before the outbound client keeps its policy.
 */
export function withWebhookTargetAliases(config: CommerceConfig): CommerceConfig {
  const { targets, resolveHost } = config.webhooks ?? {};
  if (targets === undefined && resolveHost === undefined) return config;
  return {
    ...config,
    outbound: {
      ...config.outbound,
      ...(config.outbound?.targets === undefined && targets !== undefined ? { targets } : {}),
      ...(config.outbound?.resolveHost === undefined && resolveHost !== undefined ? { resolveHost } : {}),
    },
  };
}
