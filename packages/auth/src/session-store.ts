import { sql, type Kysely } from "kysely";
import type { AuthDb } from "./auth-tables.js";
import type { CredentialCache } from "./credential-cache.js";
import { isSecretMatch, mintToken, parseToken } from "./secret-token.js";

/** A session as the API shows it (never its secret). */
export interface SessionInfo {
  id: string;
  userId: string;
  organizationId: string;
  expiresAt: Date;
  createdAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

/** What a valid session token resolves to, in one query. */
export interface ValidatedSession {
  session: SessionInfo;
  user: { id: string; email: string; name: string; emailVerified: boolean };
  /** Role of the user in the session's organization; null when not (or no longer) a member. */
  role: string | null;
  isTwoFactorEnabled: boolean;
}

export interface SessionStore {
  /** Always a fresh token: a sign-in never reuses a session. */
  create(input: {
    userId: string;
    organizationId: string;
    ipAddress?: string | null;
    userAgent?: string | null;
  }): Promise<{ token: string; session: SessionInfo }>;
  /** Null for malformed, unknown, expired or mismatching tokens; slides the expiry when past half of it. */
  validate(token: string): Promise<ValidatedSession | null>;
  invalidate(sessionId: string): Promise<void>;
  /** Ends every session of a user, except `exceptSessionId`. */
  invalidateUser(userId: string, exceptSessionId?: string): Promise<number>;
  list(userId: string): Promise<SessionInfo[]>;
  revoke(userId: string, sessionId: string): Promise<boolean>;
  setOrganization(sessionId: string, organizationId: string): Promise<void>;
}

/** A row of `auth_session_lookup(id)`, camelCased by the kernel's CamelCasePlugin. */
interface SessionLookupRow {
  id: string;
  secretHash: string;
  userId: string;
  organizationId: string;
  expiresAt: Date;
  createdAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  email: string;
  name: string;
  emailVerifiedAt: Date | null;
  role: string | null;
  twoFactorEnabledAt: Date | null;
}

const SESSION_COLUMNS = ["id", "userId", "organizationId", "expiresAt", "createdAt", "ipAddress", "userAgent"] as const;

export function createSessionStore(db: Kysely<AuthDb>, durationSeconds: number, cache: CredentialCache): SessionStore {
  const durationMs = durationSeconds * 1000;
  return {
    async create(input) {
      const minted = mintToken();
      const expiresAt = new Date(Date.now() + durationMs);
      const row = await db
        .insertInto("authSessions")
        .values({
          id: minted.id,
          secretHash: minted.secretHash,
          userId: input.userId,
          organizationId: input.organizationId,
          expiresAt,
          ipAddress: input.ipAddress ?? null,
          userAgent: input.userAgent?.slice(0, 500) ?? null,
        })
        .returning(SESSION_COLUMNS)
        .executeTakeFirstOrThrow();
      return { token: minted.token, session: toSession(row) };
    },

    async validate(token) {
      const parsed = parseToken(token);
      if (!parsed) return null;
      const cached = cache.get<ValidatedSession>("session", parsed.id, parsed.secret);
      if (cached && cached.session.expiresAt.getTime() > Date.now()) return cached;
      const generation = cache.generation();
      // One indexed lookup joining user, membership and two-factor, planned once per connection (0002).
      const { rows } = await sql<SessionLookupRow>`select * from auth_session_lookup(${parsed.id})`.execute(db);
      const row = rows[0];
      if (!row || !isSecretMatch(parsed.secret, row.secretHash)) return null;
      const now = Date.now();
      let expiresAt = new Date(row.expiresAt);
      if (expiresAt.getTime() <= now) {
        await db.deleteFrom("authSessions").where("id", "=", row.id).execute();
        cache.delete("session", row.id);
        return null;
      }
      // Sliding expiry, written at most about once per half lifetime rather than on every request.
      if (expiresAt.getTime() - now < durationMs / 2) {
        expiresAt = new Date(now + durationMs);
        await db.updateTable("authSessions").set({ expiresAt }).where("id", "=", row.id).execute();
      }
      const validated: ValidatedSession = {
        session: toSession({ ...row, expiresAt }),
        user: { id: row.userId, email: row.email, name: row.name, emailVerified: row.emailVerifiedAt !== null },
        role: row.role ?? null,
        isTwoFactorEnabled: row.twoFactorEnabledAt != null,
      };
      cache.set("session", row.id, {
        generation,
        secretHash: row.secretHash,
        userId: row.userId,
        expiresAt,
        value: validated,
      });
      return validated;
    },

    async invalidate(sessionId) {
      // Evicted after the write (also when it fails), so a lookup racing with it cannot re-cache the old row.
      await db
        .deleteFrom("authSessions")
        .where("id", "=", sessionId)
        .execute()
        .finally(() => cache.delete("session", sessionId));
    },

    async invalidateUser(userId, exceptSessionId) {
      let query = db.deleteFrom("authSessions").where("userId", "=", userId);
      if (exceptSessionId) query = query.where("id", "!=", exceptSessionId);
      const result = await query.executeTakeFirst().finally(() => cache.deleteUser(userId));
      return Number(result.numDeletedRows);
    },

    async list(userId) {
      const rows = await db
        .selectFrom("authSessions")
        .select(SESSION_COLUMNS)
        .where("userId", "=", userId)
        .where("expiresAt", ">", new Date())
        .orderBy("createdAt", "desc")
        .execute();
      return rows.map(toSession);
    },

    async revoke(userId, sessionId) {
      const result = await db
        .deleteFrom("authSessions")
        .where("id", "=", sessionId)
        .where("userId", "=", userId)
        .executeTakeFirst()
        .finally(() => cache.delete("session", sessionId));
      return result.numDeletedRows > 0n;
    },

    async setOrganization(sessionId, organizationId) {
      await db
        .updateTable("authSessions")
        .set({ organizationId })
        .where("id", "=", sessionId)
        .execute()
        .finally(() => cache.delete("session", sessionId));
    },
  };
}

function toSession(row: {
  id: string;
  userId: string;
  organizationId: string;
  expiresAt: Date | string;
  createdAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}): SessionInfo {
  return {
    id: row.id,
    userId: row.userId,
    organizationId: row.organizationId,
    expiresAt: new Date(row.expiresAt),
    createdAt: row.createdAt,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
  };
}
