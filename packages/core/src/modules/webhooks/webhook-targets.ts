import { AppError } from "../../kernel/app-error.js";
import type { CommerceConfig } from "../../kernel/config.js";
import { reachableAddresses, RefusedTargetError, systemResolver, type HostResolver, type TargetPolicy } from "./safe-lookup.js";
import type { WebhookOptions } from "./webhook-service.js";

/** How the webhooks module judges targets, resolved once from the configuration. */
export interface TargetRules {
  /** The configured policy with its defaults filled in for the environment. */
  policy: Required<TargetPolicy>;
  /** Resolves hostnames at registration and for every delivery's connection. */
  resolve: HostResolver;
  /**
   * Production checks a target when it is registered, so a refused one is a 422 at once instead of a day
   * of failed deliveries. Elsewhere registration checks nothing (a tunnel's name may not resolve yet).
   */
  isCheckedAtRegistration: boolean;
}

/** `webhooks.targets` and `webhooks.resolveHost` with their defaults, which depend on the environment. */
export function targetRules(options: WebhookOptions, environment: CommerceConfig["environment"]): TargetRules {
  const isProduction = environment === "production";
  return {
    policy: { allowLoopback: options.targets?.allowLoopback ?? !isProduction, allowPrivate: options.targets?.allowPrivate ?? false },
    resolve: options.resolveHost ?? systemResolver,
    isCheckedAtRegistration: isProduction,
  };
}

/** Resolver answers saying the name does not exist, as opposed to a failure that may pass (EAI_AGAIN, a timeout). */
const NO_SUCH_HOST = new Set(["ENOTFOUND", "ENODATA"]);

/**
 * Refuses, with a 422 on `body.url`, a target every delivery would refuse: one whose addresses are all
 * loopback, private or link-local (unless allowed), or a name that does not exist. A resolver failure
 * that may pass lets the registration through: every delivery resolves the name again and checks it.
 */
export async function assertRegistrableTarget(url: string, rules: TargetRules): Promise<void> {
  if (!rules.isCheckedAtRegistration) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  try {
    await reachableAddresses(host, rules.policy, rules.resolve);
  } catch (error) {
    if (error instanceof RefusedTargetError) {
      const how = "production delivers only to public addresses unless the configuration's webhooks.targets allows others";
      throw AppError.validation([{ path: "body.url", message: `${error.detail}; ${how}` }]);
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== undefined && NO_SUCH_HOST.has(code)) throw AppError.validation([{ path: "body.url", message: `${host} does not resolve` }]);
  }
}
