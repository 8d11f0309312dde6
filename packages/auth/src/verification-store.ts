import type { Kysely } from "kysely";
import type { AuthDb, VerificationPurpose } from "./auth-tables.js";
import { isSecretMatch, mintToken, parseToken } from "./secret-token.js";

/** Single-use, expiring tokens; only the hash of their secret is stored. */
export interface VerificationStore {
  create(input: {
    purpose: VerificationPurpose;
    userId: string | null;
    ttlSeconds: number;
    payload?: Record<string, unknown>;
  }): Promise<string>;
  /** Marks the token used and answers its row; null when malformed, unknown, used, expired or of another purpose. */
  consume(
    purpose: VerificationPurpose,
    token: string,
  ): Promise<{ userId: string | null; payload: Record<string, unknown> } | null>;
}

export function createVerificationStore(db: Kysely<AuthDb>): VerificationStore {
  return {
    async create({ purpose, userId, ttlSeconds, payload = {} }) {
      const minted = mintToken();
      await db
        .insertInto("authVerifications")
        .values({
          id: minted.id,
          secretHash: minted.secretHash,
          purpose,
          userId,
          payload: JSON.stringify(payload),
          expiresAt: new Date(Date.now() + ttlSeconds * 1000),
        })
        .execute();
      return minted.token;
    },
    async consume(purpose, token) {
      const parsed = parseToken(token);
      if (!parsed) return null;
      const row = await db
        .selectFrom("authVerifications")
        .select(["secretHash", "purpose"])
        .where("id", "=", parsed.id)
        .executeTakeFirst();
      if (!row || row.purpose !== purpose || !isSecretMatch(parsed.secret, row.secretHash)) return null;
      // One guarded statement: of two concurrent uses, exactly one wins.
      const used = await db
        .updateTable("authVerifications")
        .set({ usedAt: new Date() })
        .where("id", "=", parsed.id)
        .where("usedAt", "is", null)
        .where("expiresAt", ">", new Date())
        .returning(["userId", "payload"])
        .executeTakeFirst();
      return used ?? null;
    },
  };
}
