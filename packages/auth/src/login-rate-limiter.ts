import { sql, type Kysely } from "kysely";
import { AppError } from "@unified-commerce/core";
import type { AuthDb } from "./auth-tables.js";
import type { SignInRateLimit } from "./auth-options.js";

/**
 * Sign-in throttling per client IP (every attempt) and per account (failures), counted in the database
 * so all server processes share the counters. Unknown e-mails are counted like known ones: the limit
 * itself must not reveal which accounts exist.
 */
export interface LoginRateLimiter {
  /** Throws 429 TOO_MANY_REQUESTS (with `details.retryAfterSeconds`) when either limit is reached. */
  check(input: { ip: string; email: string }): Promise<void>;
  record(input: { ip: string; email: string; isSuccess: boolean }): Promise<void>;
}

export function createLoginRateLimiter(db: Kysely<AuthDb>, limits: Required<SignInRateLimit> | false): LoginRateLimiter {
  if (limits === false) return { check: async () => {}, record: async () => {} };
  const since = () => new Date(Date.now() - limits.windowSeconds * 1000);
  return {
    async check({ ip, email }) {
      const ipKey = `ip:${ip}`;
      const accountKey = `account:${email}`;
      const row = await db
        .selectFrom("authLoginAttempts")
        .select([
          sql<string>`count(*) filter (where key = ${ipKey})`.as("ipAttempts"),
          sql<string>`count(*) filter (where key = ${accountKey} and not is_success)`.as("accountFailures"),
        ])
        .where("key", "in", [ipKey, accountKey])
        .where("createdAt", ">", since())
        .executeTakeFirstOrThrow();
      if (Number(row.ipAttempts) >= limits.maxPerIp || Number(row.accountFailures) >= limits.maxFailuresPerAccount) {
        throw new AppError("TOO_MANY_REQUESTS", {
          message: "Too many sign-in attempts; try again later",
          details: { retryAfterSeconds: limits.windowSeconds },
        });
      }
    },
    async record({ ip, email, isSuccess }) {
      await db
        .insertInto("authLoginAttempts")
        .values([
          { key: `ip:${ip}`, isSuccess },
          { key: `account:${email}`, isSuccess },
        ])
        .execute();
      // Old rows only slow the counts down; trimming now and then keeps the table small.
      if (Math.random() < 0.02) {
        await db.deleteFrom("authLoginAttempts").where("createdAt", "<", new Date(Date.now() - 2 * limits.windowSeconds * 1000)).execute();
      }
    },
  };
}
