import { takeWithinWindow } from "@unified-commerce/core";
import { sql, type Kysely } from "kysely";
import type { AuthDb } from "./auth-tables.js";

/** One limit an attempt is counted against: at most `max` rows of `key` within the window. */
export interface AttemptRule {
  /** `ip:<address>`, `account:<email>`, `two-factor:<user id>`, `mail:<email>`, `mail-ip:<address>`. */
  key: string;
  max: number;
  /** Count only the attempts not marked successful (failures, and attempts still being checked). */
  isFailuresOnly?: boolean;
}

/** An attempt that was counted; it stays a failure unless marked successful. */
export interface CountedAttempt {
  markSucceeded(): Promise<void>;
}

/**
 * Attempt counting shared by every server process (rows of `auth_login_attempts`), atomic per key: the
 * count and the new rows are written in one transaction holding an advisory lock per key (core's
 * `takeWithinWindow`), so concurrent attempts queue on the lock and each sees the others' rows. An
 * attempt is therefore counted BEFORE the secret is checked, and at most `max` attempts of a key are ever
 * evaluated per window, however many arrive at once.
 */
export interface AttemptCounter {
  /** Counts one attempt under every rule, or answers null (recording nothing) when a rule's limit is reached. */
  take(input: { rules: readonly AttemptRule[]; windowSeconds: number }): Promise<CountedAttempt | null>;
}

/** Advisory lock namespace (the first int4 of the two-key form) of attempt counting: "uc_a". */
const LOCK_NAMESPACE = 0x75635f61;

const NOTHING_TO_MARK: CountedAttempt = { markSucceeded: async () => {} };

/** `retentionSeconds`: rows older than this are trimmed now and then; at least the longest window in use. */
export function createAttemptCounter(db: Kysely<AuthDb>, retentionSeconds: number): AttemptCounter {
  return {
    async take({ rules, windowSeconds }) {
      if (rules.length === 0) return NOTHING_TO_MARK;
      const keys = [...new Set(rules.map((rule) => rule.key))];
      const taken = await db.transaction().execute((trx) =>
        takeWithinWindow(trx, LOCK_NAMESPACE, rules, {
          count: async () => {
            const counts = await trx
              .selectFrom("authLoginAttempts")
              .select([
                "key",
                sql<string>`count(*)`.as("attempts"),
                sql<string>`count(*) filter (where not is_success)`.as("failures"),
              ])
              .where("key", "in", keys)
              .where("createdAt", ">", sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
              .groupBy("key")
              .execute();
            return (rule) => {
              const row = counts.find((count) => count.key === rule.key);
              return Number((rule.isFailuresOnly ? row?.failures : row?.attempts) ?? 0);
            };
          },
          record: async () => {
            const inserted = await trx
              .insertInto("authLoginAttempts")
              .values(keys.map((key) => ({ key, isSuccess: false })))
              .returning("id")
              .execute();
            return inserted.map((row) => row.id);
          },
        }),
      );
      if (!taken.isTaken) return null;
      const ids = taken.recorded;
      // Old rows only slow the counts down; trimming now and then keeps the table small.
      if (Math.random() < 0.02) {
        await db
          .deleteFrom("authLoginAttempts")
          .where("createdAt", "<", sql<Date>`now() - make_interval(secs => ${retentionSeconds})`)
          .execute();
      }
      return {
        async markSucceeded() {
          await db.updateTable("authLoginAttempts").set({ isSuccess: true }).where("id", "in", ids).execute();
        },
      };
    },
  };
}
