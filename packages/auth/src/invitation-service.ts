import { sql, type Kysely, type Transaction } from "kysely";
import {
  pageOffset,
  tenantScope,
  type Actor,
  type CoreTables,
  type DatabaseAccess,
  type EventBus,
  type PaginationQuery,
  type RoleMap,
} from "@unified-commerce/core";
import type { DomainEventPayload } from "@unified-commerce/plugin-sdk";
import { authErrors } from "./auth-errors.js";
import { authDb } from "./auth-tables.js";
import type { CredentialCache } from "./credential-cache.js";
import { assertGrantableRole } from "./grantable-role.js";
import type { MailMessage, Mailer } from "./mailer.js";
import { isSecretMatch, mintToken, parseToken } from "./secret-token.js";
import { normalizeEmail } from "./user-store.js";

/** How long an invitation can be accepted: seven days. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60;

export type InvitationStatus = "pending" | "accepted" | "revoked" | "expired";

/** An invitation as its organization's admins see it: never its token. */
export interface Invitation {
  id: string;
  email: string;
  role: string;
  status: InvitationStatus;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * Joining an organization. An admin invites an e-mail address with a role; the answer is the same
 * whether or not someone has an account with that address (the old "add an existing user by e-mail" told
 * any store's admin who had an account on the server). The token goes only to that address; whoever is
 * signed in with it accepts, and only then learns the organization has them, and the organization them.
 */
export interface InvitationService {
  /** Refuses (before looking at the address) a role the actor could not grant; 409 for a member of this organization. */
  invite(input: { organizationId: string; email: string; role: string; actor: Actor }): Promise<Invitation>;
  /** The organization's invitations, newest first. */
  list(organizationId: string, page: PaginationQuery): Promise<{ items: Invitation[]; total: number }>;
  /** Ends a pending invitation of the organization; 404 otherwise. */
  revoke(input: { organizationId: string; id: string; actor: Actor }): Promise<void>;
  /** Makes `user` a member with the invited role; the same 422 for any token that is not theirs to accept. */
  accept(input: {
    token: string;
    user: { id: string; email: string; name: string };
  }): Promise<{ organizationId: string; role: string }>;
}

interface Dependencies {
  database: DatabaseAccess;
  events: EventBus;
  roles: RoleMap;
  /** A member of this role (a self-service sign-up) who accepts an invitation takes the invited role. */
  signUpRole: string;
  cache: CredentialCache;
  mailer: Mailer;
  /** Public URL of the server: the mailed link is `<baseUrl>/accept-invitation?token=…`. */
  baseUrl: string;
  onBackgroundError: (error: unknown) => void;
}

type Db = Kysely<CoreTables> | Transaction<CoreTables>;

const COLUMNS = ["id", "email", "role", "invitedBy", "createdAt", "expiresAt", "acceptedAt", "revokedAt"] as const;
const isPending = sql<boolean>`accepted_at is null and revoked_at is null and expires_at > now()`;

function toInvitation(row: {
  id: string;
  email: string;
  role: string;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date | string;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}): Invitation {
  const expiresAt = new Date(row.expiresAt);
  const status: InvitationStatus = row.acceptedAt
    ? "accepted"
    : row.revokedAt
      ? "revoked"
      : expiresAt.getTime() <= Date.now()
        ? "expired"
        : "pending";
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status,
    invitedBy: row.invitedBy,
    createdAt: row.createdAt,
    expiresAt,
  };
}

export function createInvitationService({
  database,
  events,
  roles,
  signUpRole,
  cache,
  mailer,
  baseUrl,
  onBackgroundError,
}: Dependencies): InvitationService {
  const scope = (db: Db, organizationId: string) => tenantScope(authDb(db), organizationId);

  const mail = async (to: string, organizationId: string, token: string) => {
    const organization = await database.db
      .selectFrom("organizations")
      .select("name")
      .where("id", "=", organizationId)
      .executeTakeFirst();
    const url = `${baseUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
    const name = organization?.name ?? organizationId;
    const text = `You are invited to join ${name}. Sign in with this address (or sign up with it), then accept within seven days: ${url}`;
    const message: MailMessage = {
      to,
      kind: "organization-invitation",
      subject: `Invitation to join ${name}`,
      text,
      url,
    };
    await mailer.send(message);
  };

  return {
    async invite({ organizationId, email, role, actor }) {
      assertGrantableRole(roles, actor, role);
      const address = normalizeEmail(email);
      const minted = mintToken();
      const invitation = await database.transaction(async (trx) => {
        // Membership of this organization only: its admins list its members anyway.
        const member = await scope(trx, organizationId)
          .selectFrom("authMemberships")
          .innerJoin("authUsers", "authUsers.id", "authMemberships.userId")
          .select("authMemberships.userId")
          .where("authUsers.email", "=", address)
          .executeTakeFirst();
        if (member) throw authErrors.alreadyMember();
        // Inviting again replaces the pending invitation: one live token per address.
        await scope(trx, organizationId)
          .updateTable("authInvitations")
          .set({ revokedAt: new Date() })
          .where("email", "=", address)
          .where(isPending)
          .execute();
        const row = await scope(trx, organizationId)
          .insertInto("authInvitations", {
            id: minted.id,
            email: address,
            role,
            secretHash: minted.secretHash,
            invitedBy: actor.type === "user" ? actor.id : (actor.userId ?? null),
            expiresAt: new Date(Date.now() + INVITATION_TTL_SECONDS * 1000),
          })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
        await events.emit(
          {
            organizationId,
            type: "invitations.create",
            entityType: "invitation",
            entityId: row.id,
            payload: { email: address, role },
            actor,
          },
          { trx },
        );
        return toInvitation(row);
      });
      // After the answer, so the mail's latency tells nothing either.
      void mail(address, organizationId, minted.token).catch(onBackgroundError);
      return invitation;
    },

    async list(organizationId, page) {
      const [rows, count] = await Promise.all([
        scope(database.db, organizationId)
          .selectFrom("authInvitations")
          .select(COLUMNS)
          .orderBy("createdAt", "desc")
          .orderBy("id")
          .limit(page.limit)
          .offset(pageOffset(page))
          .execute(),
        scope(database.db, organizationId)
          .selectFrom("authInvitations")
          .select((eb) => eb.fn.countAll<string>().as("total"))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toInvitation), total: Number(count.total) };
    },

    async revoke({ organizationId, id, actor }) {
      await database.transaction(async (trx) => {
        const row = await scope(trx, organizationId)
          .updateTable("authInvitations")
          .set({ revokedAt: new Date() })
          .where("id", "=", id)
          .where(isPending)
          .returning(["email", "role"])
          .executeTakeFirst();
        if (!row) throw authErrors.invitationNotFound();
        await events.emit(
          {
            organizationId,
            type: "invitations.revoke",
            entityType: "invitation",
            entityId: id,
            payload: { email: row.email, role: row.role },
            actor,
          },
          { trx },
        );
      });
    },

    async accept({ token, user }) {
      const parsed = parseToken(token);
      if (!parsed) throw authErrors.invalidToken();
      return database
        .transaction(async (trx) => {
          const db = authDb(trx);
          const row = await db
            .updateTable("authInvitations")
            .set({ acceptedAt: new Date() })
            .where("id", "=", parsed.id)
            .where(isPending)
            .returning(["organizationId", "email", "role", "secretHash"])
            .executeTakeFirst();
          // A wrong secret, another address, used, revoked, expired or unknown: one answer, and the rollback
          // leaves the invitation as it was.
          if (!row || !isSecretMatch(parsed.secret, row.secretHash) || row.email !== normalizeEmail(user.email))
            throw authErrors.invalidToken();
          const { organizationId, role } = row;
          const actor: Actor = { id: user.id, type: "user", organizationId, permissions: [] };
          const current = await scope(trx, organizationId)
            .selectFrom("authMemberships")
            .select("role")
            .where("userId", "=", user.id)
            .forUpdate()
            .executeTakeFirst();
          if (!current) {
            await scope(trx, organizationId).insertInto("authMemberships", { userId: user.id, role }).execute();
            await events.emit(
              {
                organizationId,
                type: "members.create",
                entityType: "membership",
                entityId: user.id,
                payload: {
                  after: { role },
                  user: { id: user.id, email: row.email, name: user.name },
                  isSignUpRole: role === signUpRole,
                },
                actor,
              },
              { trx },
            );
          } else if (current.role === signUpRole && role !== signUpRole) {
            // Someone who signed up as a customer of the store before accepting takes the invited role.
            await scope(trx, organizationId)
              .updateTable("authMemberships")
              .set({ role })
              .where("userId", "=", user.id)
              .execute();
            await events.emit(
              {
                organizationId,
                type: "members.update",
                entityType: "membership",
                entityId: user.id,
                payload: { before: { role: current.role }, after: { role } },
                actor,
              },
              { trx },
            );
          } else if (current.role !== role) {
            throw authErrors.alreadyMember();
          }
          return { organizationId, role };
        })
        .finally(() => cache.deleteUser(user.id));
    },
  };
}

// Through plugin-sdk, like every plugin (see auth-plugin.ts for why). Audit only, not webhook events.
declare module "@unified-commerce/plugin-sdk" {
  interface DomainEvents {
    "invitations.create": DomainEventPayload;
    "invitations.revoke": DomainEventPayload;
  }
}
