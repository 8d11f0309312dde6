import { isSecretMatch } from "./secret-token.js";

/** The default lifetime of a cached validation, in seconds; see {@link CredentialCache}. */
export const DEFAULT_CREDENTIAL_CACHE_SECONDS = 2;
/** Upper bound of `credentialCacheSeconds`: longer would let a revocation in another process linger. */
export const MAX_CREDENTIAL_CACHE_SECONDS = 5;
const MAX_ENTRIES = 10_000;

interface Entry {
  secretHash: string;
  userId: string | null;
  validUntil: number;
  value: unknown;
}

/**
 * Validated sessions and API keys of this process, kept for a few seconds so a client's burst of
 * requests costs one database lookup instead of one per request (bench/results/auth.md).
 *
 * - An entry is found by the credential's public id and still needs the presented secret: its SHA-256 is
 *   compared in constant time with the stored hash, exactly as against the database row.
 * - It lives at most `ttlSeconds` and never past the credential's own expiry.
 * - Everything in this package that ends or changes a credential (sign-out, session revocation, password
 *   change or reset, active organization, membership, two-factor, e-mail verification, key revocation)
 *   evicts it before answering, so within this process the change is immediate. Another process (or a
 *   direct SQL change) is seen within `ttlSeconds`.
 * - Only successful validations are cached: unknown, tampered or expired credentials always reach the
 *   database.
 */
export interface CredentialCache {
  /** Read before a database lookup and handed to `set`, so a lookup that raced with an eviction is not cached. */
  generation(): number;
  get<T>(kind: CredentialKind, id: string, secret: string): T | undefined;
  set(
    kind: CredentialKind,
    id: string,
    entry: { generation: number; secretHash: string; userId: string | null; expiresAt: Date | null; value: unknown },
  ): void;
  delete(kind: CredentialKind, id: string): void;
  /** Every cached session and key of a user. */
  deleteUser(userId: string): void;
  clear(): void;
}

export type CredentialKind = "session" | "apiKey";

export function createCredentialCache(ttlSeconds: number): CredentialCache {
  const ttlMs = Math.max(0, ttlSeconds) * 1000;
  const entries = new Map<string, Entry>();
  // Bumped by every eviction: a lookup that started before one may have read what it evicted.
  let generation = 0;

  const makeRoom = (now: number) => {
    for (const [key, entry] of entries) if (entry.validUntil <= now) entries.delete(key);
    // Still full of live entries: drop them all rather than grow; the next requests repopulate it.
    if (entries.size >= MAX_ENTRIES) entries.clear();
  };

  return {
    generation: () => generation,
    get<T>(kind: CredentialKind, id: string, secret: string): T | undefined {
      if (ttlMs === 0) return undefined;
      const key = `${kind}:${id}`;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.validUntil <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return isSecretMatch(secret, entry.secretHash) ? (entry.value as T) : undefined;
    },
    set(kind, id, { generation: startedAt, secretHash, userId, expiresAt, value }) {
      if (ttlMs === 0 || startedAt !== generation) return;
      const now = Date.now();
      if (entries.size >= MAX_ENTRIES) makeRoom(now);
      const validUntil = Math.min(now + ttlMs, expiresAt?.getTime() ?? Number.POSITIVE_INFINITY);
      entries.set(`${kind}:${id}`, { secretHash, userId, validUntil, value });
    },
    delete(kind, id) {
      generation += 1;
      entries.delete(`${kind}:${id}`);
    },
    deleteUser(userId) {
      generation += 1;
      for (const [key, entry] of entries) if (entry.userId === userId) entries.delete(key);
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}
