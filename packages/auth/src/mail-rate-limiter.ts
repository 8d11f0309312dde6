import type { EmailRateLimit } from "./auth-options.js";
import type { AttemptCounter } from "./attempt-counter.js";

/**
 * Limits what makes the server send mail (sign-up, password reset, verification) per target address and
 * per client IP, counted in the database like the sign-in limits so every process shares them. The count
 * does not depend on whether the address has an account, so the limit reveals nothing about that.
 */
export interface MailRateLimiter {
  /** Counts one request; false (nothing counted) when the address or the IP reached its limit. */
  allow(input: { ip: string; email: string }): Promise<boolean>;
  /** Seconds after which a refused request may succeed again (the window). */
  readonly retryAfterSeconds: number;
}

export function createMailRateLimiter(
  counter: AttemptCounter,
  limits: Required<EmailRateLimit> | false,
): MailRateLimiter {
  if (limits === false) return { allow: async () => true, retryAfterSeconds: 0 };
  return {
    retryAfterSeconds: limits.windowSeconds,
    async allow({ ip, email }) {
      const attempt = await counter.take({
        windowSeconds: limits.windowSeconds,
        rules: [
          { key: `mail:${email}`, max: limits.maxPerAddress },
          { key: `mail-ip:${ip}`, max: limits.maxPerIp },
        ],
      });
      return attempt !== null;
    },
  };
}
