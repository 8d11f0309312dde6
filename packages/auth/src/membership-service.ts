import type { Kysely, Transaction } from "kysely";
import {
  hasPermission,
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
import { permissionsOfRole } from "./auth-options.js";
import { authErrors } from "./auth-errors.js";
import { authDb } from "./auth-tables.js";
import type { ApiKeyService } from "./api-key-service.js";
import type { CredentialCache } from "./credential-cache.js";
import { assertGrantableRole } from "./grantable-role.js";
import { missingPermissions } from "./missing-permissions.js";

/** A member of an organization as the API shows it. */
export interface Member {
  userId: string;
  email: string;
  name: string;
  role: string;
  /** When the user became a member. */
  createdAt: Date;
}

/**
 * The members of one organization, managed by someone acting in it. Every change:
 * - hands out only a configured role whose every permission `actor` holds, and touches only a member
 *   whose current role's permissions `actor` holds (nobody promotes past, or demotes, their betters);
 * - never leaves the organization without an owner (a member whose role grants `*:*`);
 * - runs in one transaction with its domain event (`members.create|update|delete`, which the audit log
 *   records), then evicts the member's cached credentials so their sessions get the new role at once;
 * - removal revokes the member's API keys in the organization (plugin-minted ones too), each audited.
 * Members of other organizations answer 404 like unknown users. People join through invitations
 * (`invitation-service.ts`), never by an e-mail lookup.
 */
export interface MembershipService {
  /** Oldest membership first. */
  list(organizationId: string, page: PaginationQuery): Promise<{ items: Member[]; total: number }>;
  changeRole(input: { organizationId: string; userId: string; role: string; actor: Actor }): Promise<Member>;
  /** Ends the membership; the user and their memberships elsewhere stay. */
  remove(input: { organizationId: string; userId: string; actor: Actor }): Promise<void>;
}

interface Dependencies {
  database: DatabaseAccess;
  events: EventBus;
  roles: RoleMap;
  /** Evicted for the member after every change, committed or not. */
  cache: CredentialCache;
  /** A removed member's keys in the organization are revoked in the removal's transaction. */
  apiKeys: ApiKeyService;
}

type Db = Kysely<CoreTables> | Transaction<CoreTables>;

const OWNER_PERMISSION = "*:*";

export function createMembershipService({ database, events, roles, cache, apiKeys }: Dependencies): MembershipService {
  const configuredRoles = Object.keys(roles);
  const ownerRoles = configuredRoles.filter((role) =>
    hasPermission({ permissions: permissionsOfRole(roles, role) }, OWNER_PERMISSION),
  );
  const isOwnerRole = (role: string) => ownerRoles.includes(role);
  const scope = (db: Db, organizationId: string) => tenantScope(authDb(db), organizationId);

  const members = (db: Db, organizationId: string) =>
    scope(db, organizationId)
      .selectFrom("authMemberships")
      .innerJoin("authUsers", "authUsers.id", "authMemberships.userId")
      .select([
        "authMemberships.userId",
        "authUsers.email",
        "authUsers.name",
        "authMemberships.role",
        "authMemberships.createdAt",
      ]);

  const readMember = async (db: Db, organizationId: string, userId: string): Promise<Member> => {
    const member = await members(db, organizationId).where("authMemberships.userId", "=", userId).executeTakeFirst();
    if (!member) throw authErrors.memberNotFound();
    return member;
  };

  const assertGrantable = (actor: Actor, role: string) => assertGrantableRole(roles, actor, role);

  /**
   * Locks the member and every owner of the organization, in user id order so two changes never
   * deadlock, and answers the member's role and the number of owners. A change that waited for these
   * locks re-reads the rows the other one committed (READ COMMITTED re-checks locked rows): an owner
   * demoted or removed meanwhile has dropped out of the set, so two concurrent demotions of the last
   * two owners cannot both count the other one.
   */
  const lockMember = async (trx: Transaction<CoreTables>, organizationId: string, userId: string) => {
    const rows = await scope(trx, organizationId)
      .selectFrom("authMemberships")
      .select(["userId", "role"])
      .where((eb) =>
        ownerRoles.length > 0
          ? eb.or([eb("userId", "=", userId), eb("role", "in", ownerRoles)])
          : eb("userId", "=", userId),
      )
      .orderBy("userId")
      .forUpdate()
      .execute();
    const member = rows.find((row) => row.userId === userId);
    if (!member) throw authErrors.memberNotFound();
    return { role: member.role, owners: rows.filter((row) => isOwnerRole(row.role)).length };
  };

  /** Whether `actor` may touch a member of `role` at all (change or remove them). */
  const assertManageable = (actor: Actor, role: string) => {
    const missing = missingPermissions(actor, permissionsOfRole(roles, role));
    if (missing.length > 0) throw authErrors.memberBeyondGrantor(role, missing);
  };

  return {
    async list(organizationId, page) {
      const [items, count] = await Promise.all([
        members(database.db, organizationId)
          .orderBy("authMemberships.createdAt")
          .orderBy("authMemberships.userId")
          .limit(page.limit)
          .offset(pageOffset(page))
          .execute(),
        scope(database.db, organizationId)
          .selectFrom("authMemberships")
          .select((eb) => eb.fn.countAll<string>().as("total"))
          .executeTakeFirstOrThrow(),
      ]);
      return { items, total: Number(count.total) };
    },

    async changeRole({ organizationId, userId, role, actor }) {
      assertGrantable(actor, role);
      return database
        .transaction(async (trx) => {
          const current = await lockMember(trx, organizationId, userId);
          assertManageable(actor, current.role);
          if (isOwnerRole(current.role) && !isOwnerRole(role) && current.owners <= 1) throw authErrors.lastOwner();
          await scope(trx, organizationId)
            .updateTable("authMemberships")
            .set({ role })
            .where("userId", "=", userId)
            .execute();
          await events.emit(
            {
              organizationId,
              type: "members.update",
              entityType: "membership",
              entityId: userId,
              payload: { before: { role: current.role }, after: { role } },
              actor,
            },
            { trx },
          );
          return readMember(trx, organizationId, userId);
        })
        .finally(() => cache.deleteUser(userId));
    },

    async remove({ organizationId, userId, actor }) {
      await database
        .transaction(async (trx) => {
          const current = await lockMember(trx, organizationId, userId);
          assertManageable(actor, current.role);
          if (isOwnerRole(current.role) && current.owners <= 1) throw authErrors.lastOwner();
          await scope(trx, organizationId).deleteFrom("authMemberships").where("userId", "=", userId).execute();
          await events.emit(
            {
              organizationId,
              type: "members.delete",
              entityType: "membership",
              entityId: userId,
              payload: { before: { role: current.role } },
              actor,
            },
            { trx },
          );
          // Verification already refuses a non-member's keys; revoking them too means that being added
          // again later does not bring them back.
          await apiKeys.revokeUserKeys({ userId, organizationId, reason: "member-removed", actor }, trx);
        })
        .finally(() => cache.deleteUser(userId));
    },
  };
}

// `members.create` is declared by core (`MemberCreatedPayload`): the customers module reads it.
// Through plugin-sdk, like every plugin (see auth-plugin.ts for why).
declare module "@unified-commerce/plugin-sdk" {
  interface DomainEvents {
    /** A member has their role changed or is removed (audit only, not webhook events). */
    "members.update": DomainEventPayload;
    "members.delete": DomainEventPayload;
  }
}
