import { authErrors } from "./auth-errors.js";
import type { SignInRateLimit } from "./auth-options.js";
import type { AttemptCounter, CountedAttempt } from "./attempt-counter.js";

/**
 * Sign-in throttling per client IP (every attempt) and per account (failures), counted in the database
 * so all server processes share the counters. Unknown e-mails are counted like known ones: the limit
 * itself must not reveal which accounts exist.
 *
 * An attempt is counted (as a failure) before its password or code is checked and marked successful
 * afterwards, atomically per key (see `attempt-counter.ts`): 60 concurrent guesses at one account get at
 * most `maxFailuresPerAccount` password checks, not 60 checks followed by the limit.
 */
export interface LoginRateLimiter {
  /** Counts a password sign-in; throws 429 TOO_MANY_REQUESTS (with `details.retryAfterSeconds`) when a limit is reached. */
  begin(input: { ip: string; email: string }): Promise<CountedAttempt>;
  /** Counts a two-factor code for a user's sign-in challenge, against the same per-account failure limit. */
  beginSecondFactor(input: { userId: string }): Promise<CountedAttempt>;
}

const UNLIMITED: CountedAttempt = { markSucceeded: async () => {} };

export function createLoginRateLimiter(
  counter: AttemptCounter,
  limits: Required<SignInRateLimit> | false,
): LoginRateLimiter {
  if (limits === false) return { begin: async () => UNLIMITED, beginSecondFactor: async () => UNLIMITED };
  const tooMany = () => authErrors.tooManyRequests("Too many sign-in attempts; try again later", limits.windowSeconds);
  const { windowSeconds } = limits;
  return {
    async begin({ ip, email }) {
      const attempt = await counter.take({
        windowSeconds,
        rules: [
          { key: `ip:${ip}`, max: limits.maxPerIp },
          { key: `account:${email}`, max: limits.maxFailuresPerAccount, isFailuresOnly: true },
        ],
      });
      if (!attempt) throw tooMany();
      return attempt;
    },
    async beginSecondFactor({ userId }) {
      // Per user rather than per challenge: whoever holds the password can mint challenges at will.
      const attempt = await counter.take({
        windowSeconds,
        rules: [{ key: `two-factor:${userId}`, max: limits.maxFailuresPerAccount, isFailuresOnly: true }],
      });
      if (!attempt) throw tooMany();
      return attempt;
    },
  };
}
