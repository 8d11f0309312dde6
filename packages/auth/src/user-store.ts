import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { CredentialCache } from "./credential-cache.js";
import type { AuthDb } from "./auth-tables.js";

/** A user as the API shows it. */
export interface UserInfo {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  createdAt: Date;
}

export interface UserRow extends UserInfo {
  passwordHash: string | null;
}

export interface Membership {
  organizationId: string;
  organizationName: string | null;
  role: string;
  createdAt: Date;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface UserStore {
  findByEmail(email: string): Promise<UserRow | undefined>;
  findById(id: string): Promise<UserRow | undefined>;
  /** Inserts a user (on `on`, a transaction's view, when given); answers undefined when the e-mail is taken. */
  create(
    input: { email: string; name: string; passwordHash: string | null; isEmailVerified?: boolean },
    on?: Kysely<AuthDb>,
  ): Promise<UserRow | undefined>;
  setPasswordHash(userId: string, passwordHash: string): Promise<void>;
  markEmailVerified(userId: string): Promise<void>;
  /**
   * Gives an account whose address was never verified to whoever just proved the address (an OAuth
   * provider): marks it verified and removes the password, two-factor and sessions of its registrant, in
   * one transaction. False when the address was verified meanwhile (nothing changed).
   */
  claimUnverified(userId: string): Promise<boolean>;
  memberships(userId: string): Promise<Membership[]>;
  roleIn(userId: string, organizationId: string): Promise<string | null>;
  /** Adds the user to the organization, or changes the role of an existing membership. */
  setMembership(input: { userId: string; organizationId: string; role: string }): Promise<void>;
}

const USER_COLUMNS = ["id", "email", "name", "passwordHash", "emailVerifiedAt", "createdAt"] as const;

/** `cache` is evicted for the user after every change that alters what their sessions resolve to. */
export function createUserStore(db: Kysely<AuthDb>, cache: CredentialCache): UserStore {
  const toUser = (row: {
    id: string;
    email: string;
    name: string;
    passwordHash: string | null;
    emailVerifiedAt: Date | null;
    createdAt: Date;
  }): UserRow => ({
    id: row.id,
    email: row.email,
    name: row.name,
    passwordHash: row.passwordHash,
    emailVerified: row.emailVerifiedAt !== null,
    createdAt: row.createdAt,
  });
  return {
    async findByEmail(email) {
      const row = await db
        .selectFrom("authUsers")
        .select(USER_COLUMNS)
        .where("email", "=", normalizeEmail(email))
        .executeTakeFirst();
      return row ? toUser(row) : undefined;
    },
    async findById(id) {
      const row = await db.selectFrom("authUsers").select(USER_COLUMNS).where("id", "=", id).executeTakeFirst();
      return row ? toUser(row) : undefined;
    },
    async create(input, on = db) {
      const row = await on
        .insertInto("authUsers")
        .values({
          id: randomUUID(),
          email: normalizeEmail(input.email),
          name: input.name,
          passwordHash: input.passwordHash,
          emailVerifiedAt: input.isEmailVerified ? new Date() : null,
        })
        .onConflict((conflict) => conflict.column("email").doNothing())
        .returning(USER_COLUMNS)
        .executeTakeFirst();
      return row ? toUser(row) : undefined;
    },
    async setPasswordHash(userId, passwordHash) {
      await db
        .updateTable("authUsers")
        .set({ passwordHash, updatedAt: new Date() })
        .where("id", "=", userId)
        .execute()
        .finally(() => cache.deleteUser(userId));
    },
    async markEmailVerified(userId) {
      await db
        .updateTable("authUsers")
        .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where("id", "=", userId)
        .where("emailVerifiedAt", "is", null)
        .execute()
        .finally(() => cache.deleteUser(userId));
    },
    async claimUnverified(userId) {
      return db
        .transaction()
        .execute(async (trx) => {
          const claimed = await trx
            .updateTable("authUsers")
            .set({ passwordHash: null, emailVerifiedAt: new Date(), updatedAt: new Date() })
            .where("id", "=", userId)
            .where("emailVerifiedAt", "is", null)
            .executeTakeFirst();
          if (claimed.numUpdatedRows === 0n) return false;
          await trx.deleteFrom("authTwoFactor").where("userId", "=", userId).execute();
          await trx.deleteFrom("authBackupCodes").where("userId", "=", userId).execute();
          await trx.deleteFrom("authSessions").where("userId", "=", userId).execute();
          return true;
        })
        .finally(() => cache.deleteUser(userId));
    },
    async memberships(userId) {
      const rows = await db
        .selectFrom("authMemberships as m")
        .leftJoin("organizations as o", "o.id", "m.organizationId")
        .select(["m.organizationId", "o.name as organizationName", "m.role", "m.createdAt"])
        .where("m.userId", "=", userId)
        .orderBy("m.createdAt")
        .orderBy("m.organizationId")
        .execute();
      return rows.map((row) => ({ ...row, organizationName: row.organizationName ?? null }));
    },
    async roleIn(userId, organizationId) {
      const row = await db
        .selectFrom("authMemberships")
        .select("role")
        .where("userId", "=", userId)
        .where("organizationId", "=", organizationId)
        .executeTakeFirst();
      return row?.role ?? null;
    },
    async setMembership({ userId, organizationId, role }) {
      await db
        .insertInto("authMemberships")
        .values({ userId, organizationId, role })
        .onConflict((conflict) => conflict.columns(["organizationId", "userId"]).doUpdateSet({ role }))
        .execute()
        .finally(() => cache.deleteUser(userId));
    },
  };
}

export function toUserInfo(user: UserRow): UserInfo {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt,
  };
}
