import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { tenantScope } from "../../db/tenant-scope.js";
import type { SecretBox } from "../../kernel/secret-box.js";

/** How long an answer is replayed for its key; afterwards the key may be used again (Stripe: 24 hours). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How long a key stays claimed by a request that never stored its answer (its process died) before a
 * retry may claim it again. A request still running after this long could then run twice; no route is
 * meant to take minutes.
 */
export const IDEMPOTENCY_CLAIM_TIMEOUT_MS = 5 * 60 * 1000;

/** Rows deleted per statement by {@link pruneIdempotencyKeys}. */
export const IDEMPOTENCY_PRUNE_LIMIT = 10_000;

/** One key of one credential in one organization. */
export interface IdempotencyScope {
  organizationId: string;
  credential: string;
  key: string;
}

/** A claim held by the request that runs the handler. */
export interface IdempotencyClaim extends IdempotencyScope {
  token: string;
}

/** An answer as stored and replayed. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

/** What a request finds when it asks for its key. */
export type ClaimOutcome =
  | { kind: "claimed"; claim: IdempotencyClaim }
  | { kind: "replay"; answer: StoredAnswer }
  | { kind: "mismatch" }
  | { kind: "inProgress" };

export interface IdempotencyStore {
  /**
   * Claims the key for a request of `fingerprint`: one guarded upsert, so of concurrent requests exactly
   * one claims it. A key past its expiry, or claimed longer than {@link IDEMPOTENCY_CLAIM_TIMEOUT_MS} ago
   * and never completed, is claimed anew. Otherwise the existing row answers.
   */
  claim(scope: IdempotencyScope, fingerprint: string): Promise<ClaimOutcome>;
  /** Stores the answer for replay. */
  complete(claim: IdempotencyClaim, answer: StoredAnswer): Promise<void>;
  /** Frees the key (the answer is not stored): a retry runs again. */
  release(claim: IdempotencyClaim): Promise<void>;
}

/** A released key between a refused claim and the read of the row: claim again, a bounded number of times. */
const CLAIM_ATTEMPTS = 3;

// The database's clock decides every age, so processes with drifting clocks agree.
const olderThan = (ms: number) => sql<Date>`now() - ${ms} * interval '1 millisecond'`;

/**
 * Keys of one database. Answers are sealed with `secrets` before they are written (they may hold a secret
 * shown once) and opened for a replay.
 */
export function createIdempotencyStore(db: Kysely<CoreTables>, secrets: SecretBox): IdempotencyStore {
  const tryClaim = async (scope: IdempotencyScope, fingerprint: string): Promise<IdempotencyClaim | undefined> => {
    const token = randomUUID();
    const row = await tenantScope(db, scope.organizationId)
      .insertInto("idempotencyKeys", {
        credential: scope.credential,
        key: scope.key,
        fingerprint,
        claimToken: token,
        status: "in_progress",
      })
      .onConflict((conflict) =>
        conflict
          .columns(["organizationId", "credential", "key"])
          .doUpdateSet({
            fingerprint,
            claimToken: token,
            status: "in_progress",
            responseStatus: null,
            response: null,
            createdAt: sql<Date>`now()`,
          })
          .where((eb) =>
            eb.or([
              eb("idempotencyKeys.createdAt", "<=", olderThan(IDEMPOTENCY_KEY_TTL_MS)),
              eb.and([
                eb("idempotencyKeys.status", "=", "in_progress"),
                eb("idempotencyKeys.createdAt", "<=", olderThan(IDEMPOTENCY_CLAIM_TIMEOUT_MS)),
              ]),
            ]),
          ),
      )
      .returning("claimToken")
      .executeTakeFirst();
    return row ? { ...scope, token } : undefined;
  };

  const byScope = (claim: IdempotencyScope) =>
    tenantScope(db, claim.organizationId)
      .selectFrom("idempotencyKeys")
      .where("credential", "=", claim.credential)
      .where("key", "=", claim.key);

  return {
    async claim(scope, fingerprint) {
      for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
        const claim = await tryClaim(scope, fingerprint);
        if (claim) return { kind: "claimed", claim };
        const row = await byScope(scope)
          .select(["fingerprint", "status", "responseStatus", "response"])
          .executeTakeFirst();
        if (!row) continue;
        if (row.fingerprint !== fingerprint) return { kind: "mismatch" };
        if (row.status === "in_progress" || row.responseStatus === null || row.response === null)
          return { kind: "inProgress" };
        const { headers, body } = JSON.parse(secrets.open(row.response)) as Omit<StoredAnswer, "status">;
        return { kind: "replay", answer: { status: row.responseStatus, headers, body } };
      }
      // Claimed and released three times over while we looked: as good as another request running.
      return { kind: "inProgress" };
    },

    async complete(claim, answer) {
      await tenantScope(db, claim.organizationId)
        .updateTable("idempotencyKeys")
        .set({
          status: "completed",
          responseStatus: answer.status,
          response: secrets.seal(JSON.stringify({ headers: answer.headers, body: answer.body })),
        })
        .where("credential", "=", claim.credential)
        .where("key", "=", claim.key)
        .where("claimToken", "=", claim.token)
        .execute();
    },

    async release(claim) {
      await tenantScope(db, claim.organizationId)
        .deleteFrom("idempotencyKeys")
        .where("credential", "=", claim.credential)
        .where("key", "=", claim.key)
        .where("claimToken", "=", claim.token)
        .execute();
    },
  };
}

/**
 * Deletes keys older than {@link IDEMPOTENCY_KEY_TTL_MS} in every organization (maintenance, so past
 * tenantScope), at most {@link IDEMPOTENCY_PRUNE_LIMIT} in one statement; answers how many.
 */
export async function pruneIdempotencyKeys(db: Kysely<CoreTables>): Promise<number> {
  const result = await sql`
    delete from idempotency_keys where ctid in (
      select ctid from idempotency_keys where created_at <= ${olderThan(IDEMPOTENCY_KEY_TTL_MS)} limit ${IDEMPOTENCY_PRUNE_LIMIT}
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
