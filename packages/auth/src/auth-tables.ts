import type { ColumnType, Generated, Kysely, Transaction } from "kysely";
import type { CoreTables, Json, Timestamp } from "@unified-commerce/core";

/** A nullable timestamp: read as Date or null, written as Date, ISO string or null. */
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/**
 * The auth package's tables. Users are global identities (one person may belong to several stores);
 * everything that belongs to a store (memberships, sessions' active store, API keys) has an
 * `organizationId`.
 */
export type AuthTables = {
  authUsers: {
    id: string;
    /** Lower-cased and trimmed; unique. */
    email: string;
    name: string;
    /** Argon2id PHC string; null for accounts that only sign in through OAuth. */
    passwordHash: string | null;
    emailVerifiedAt: NullableTimestamp;
    createdAt: Timestamp;
    updatedAt: Timestamp;
  };
  /** External identities (OAuth) linked to a user. */
  authAccounts: {
    id: string;
    userId: string;
    providerId: string;
    providerAccountId: string;
    createdAt: Timestamp;
  };
  authMemberships: {
    organizationId: string;
    userId: string;
    role: string;
    createdAt: Timestamp;
  };
  /** Lucia-style sessions: the token is `<id>.<secret>`; only the SHA-256 of the secret is stored. */
  authSessions: {
    id: string;
    secretHash: string;
    userId: string;
    /** The session's active organization (see README: "How the organization is chosen"). */
    organizationId: string;
    expiresAt: Date | string;
    createdAt: Timestamp;
    ipAddress: string | null;
    userAgent: string | null;
  };
  authApiKeys: {
    id: string;
    organizationId: string;
    scope: string;
    name: string;
    /** The scope's prefix at minting time, so a key stays recognisable after a scope changes. */
    prefix: string;
    secretHash: string;
    userId: string | null;
    createdAt: Timestamp;
    expiresAt: NullableTimestamp;
    revokedAt: NullableTimestamp;
  };
  /**
   * Invitations to join an organization: the token is `<id>.<secret>`, only SHA-256(secret) is stored; it
   * is accepted once, by a signed-in user with `email`. Pending while not accepted, revoked or expired.
   */
  authInvitations: {
    id: string;
    organizationId: string;
    /** Lower-cased and trimmed, as typed by the inviter (nothing says whether an account has it). */
    email: string;
    role: string;
    secretHash: string;
    /** The inviting user (null for an API key, or once that user is deleted). */
    invitedBy: string | null;
    createdAt: Timestamp;
    expiresAt: Date | string;
    acceptedAt: NullableTimestamp;
    revokedAt: NullableTimestamp;
  };
  /** Single-use tokens: password reset, e-mail verification, OAuth state, two-factor sign-in challenges. */
  authVerifications: {
    id: string;
    secretHash: string;
    purpose: VerificationPurpose;
    userId: string | null;
    payload: Json<Record<string, unknown>>;
    expiresAt: Date | string;
    usedAt: NullableTimestamp;
    createdAt: Timestamp;
  };
  authTwoFactor: {
    userId: string;
    /** The TOTP key, sealed with the kernel's secret box (the server must read it back). */
    secretSealed: string;
    /** Null until the user proved possession with a first code. */
    enabledAt: NullableTimestamp;
    /** Last accepted TOTP time step: a code is accepted once, and never one older than it. */
    lastUsedStep: number | null;
    createdAt: Timestamp;
  };
  authBackupCodes: {
    id: string;
    userId: string;
    codeHash: string;
    usedAt: NullableTimestamp;
  };
  /** Counted attempts of every rate limit (see `attempt-counter.ts`); the name predates the mail limits. */
  authLoginAttempts: {
    id: Generated<number>;
    /** `ip:<address>`, `account:<email>`, `two-factor:<user id>`, `mail:<email>` or `mail-ip:<address>`. */
    key: string;
    /** False until the attempt succeeded: attempts being checked count as failures. */
    isSuccess: boolean;
    createdAt: Timestamp;
  };
};

export type VerificationPurpose = "reset-password" | "verify-email" | "oauth-state" | "two-factor-challenge";

export type AuthDb = CoreTables & AuthTables;

/** The auth tables on the kernel's pool or inside a transaction. */
export function authDb(db: Kysely<CoreTables> | Transaction<CoreTables>): Kysely<AuthDb> {
  return db.withTables<AuthTables>() as Kysely<AuthDb>;
}
