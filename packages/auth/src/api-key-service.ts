import type { Kysely, Transaction } from "kysely";
import {
  AppError,
  inTransaction,
  type Actor,
  type ApiKeyScope,
  type CommerceConfig,
  type CoreTables,
  type DatabaseAccess,
  type EventBus,
  type RoleMap,
  type TxOptions,
} from "@unified-commerce/core";
import type { DomainEventPayload } from "@unified-commerce/plugin-sdk";
import { permissionsOfRole } from "./auth-options.js";
import type { CredentialCache } from "./credential-cache.js";
import { missingPermissions } from "./missing-permissions.js";
import { authDb, type AuthDb } from "./auth-tables.js";
import { isSecretMatch, mintApiKey, parseApiKey } from "./secret-token.js";

/** An API key as listed (never its secret). */
export interface ApiKeyInfo {
  id: string;
  organizationId: string;
  scope: string;
  name: string;
  prefix: string;
  userId: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** A freshly minted key: `key` is shown this once and never stored. */
export interface CreatedApiKey extends ApiKeyInfo {
  key: string;
}

export interface CreateApiKeyInput {
  organizationId: string;
  scope: string;
  /** @default "<scope>-key" */
  name?: string;
  /** Lifetime; bounded by the scope's `keyExpiration`. Unset: the scope's maximum, or no expiry. */
  expiresInSeconds?: number | null;
  /** The user the key is minted for (audit), when there is one. */
  userId?: string | null;
  /** Who mints it over HTTP: they must hold every permission the scope grants. */
  creator?: Actor | null;
  /** Who the audit entry names when that is not `creator` (a plugin minting for a member); null for the system. */
  actor?: Actor | null;
}

/** Where a revocation runs and whom its audit entry names (null: the system, e.g. the CLI). */
export interface RevokeOptions extends TxOptions {
  actor?: Actor | null;
}

/** Why a user's keys were revoked together, recorded in each key's `api-keys.revoke` audit entry. */
export type UserKeysRevocationReason = "member-removed" | "password-reset";

export interface ApiKeyService {
  /** Declared scopes: plugins' `apiKeyScopes` merged with `auth.apiKeyScopes` (user config wins). */
  scopes(): Readonly<Record<string, ApiKeyScope>>;
  /** Mints a key and writes its `api-keys.create` audit entry in one transaction (`options.trx` when given). */
  create(input: CreateApiKeyInput, options?: TxOptions): Promise<CreatedApiKey>;
  list(organizationId: string): Promise<ApiKeyInfo[]>;
  /** Answers false when no such active key exists in the organization. Audited (`api-keys.revoke`). */
  revoke(organizationId: string, id: string, options?: RevokeOptions): Promise<boolean>;
  /** Revokes by id regardless of organization (operator tooling). Audited, actor the system. */
  revokeById(id: string): Promise<ApiKeyInfo | undefined>;
  /**
   * Revokes every active key bound to the user, in one organization or (without `organizationId`) in all,
   * inside `trx`, each with its audit entry. The caller evicts the user's cached credentials after commit.
   */
  revokeUserKeys(
    input: { userId: string; organizationId?: string; reason: UserKeysRevocationReason; actor: Actor | null },
    trx: Transaction<CoreTables>,
  ): Promise<string[]>;
  /**
   * The actor of a presented key; null for malformed, unknown, revoked, expired or undeclared-scope keys,
   * and for a user-bound key whose user is no longer a member of the key's organization or whose role
   * there no longer holds every permission of the key's scope (see README, "API keys follow their member").
   */
  verify(key: string): Promise<Actor | null>;
}

const DAY_SECONDS = 86_400;

interface CachedKey {
  prefix: string;
  actor: Actor;
}
const KEY_COLUMNS = [
  "id",
  "organizationId",
  "scope",
  "name",
  "prefix",
  "userId",
  "createdAt",
  "expiresAt",
  "revokedAt",
] as const;

/** The audit payload of a key: what it grants and to whom, never a secret or its hash. */
const describeKey = (key: Pick<ApiKeyInfo, "scope" | "name" | "prefix" | "userId" | "expiresAt">) => ({
  scope: key.scope,
  name: key.name,
  prefix: key.prefix,
  userId: key.userId,
  expiresAt: key.expiresAt?.toISOString() ?? null,
});

/** `{ catalog: ["read"] }` -> `["catalog:read"]`. */
export function scopePermissions(scope: ApiKeyScope): string[] {
  return Object.entries(scope.permissions).flatMap(([module, actions]) =>
    actions.map((action) => `${module}:${action}`),
  );
}

export function mergeApiKeyScopes(config: CommerceConfig): Record<string, ApiKeyScope> {
  const scopes: Record<string, ApiKeyScope> = {};
  for (const module of config.modules ?? []) Object.assign(scopes, module.apiKeyScopes);
  return { ...scopes, ...config.auth?.apiKeyScopes };
}

export interface ApiKeyServiceDependencies {
  db: Kysely<AuthDb>;
  /** Transactions: a key's row and its audit entry commit together. */
  database: DatabaseAccess;
  events: EventBus;
  config: CommerceConfig;
  /** `auth.roles`: a user-bound key acts only while its member's role holds its scope. */
  roles: RoleMap;
  cache: CredentialCache;
}

export function createApiKeyService({
  db,
  database,
  events,
  config,
  roles,
  cache,
}: ApiKeyServiceDependencies): ApiKeyService {
  const declared = mergeApiKeyScopes(config);
  const permissionsByScope = new Map(Object.entries(declared).map(([name, scope]) => [name, scopePermissions(scope)]));

  const emitRevoked = (
    trx: Transaction<CoreTables>,
    key: ApiKeyInfo,
    actor: Actor | null,
    reason?: UserKeysRevocationReason,
  ) =>
    events.emit(
      {
        organizationId: key.organizationId,
        type: "api-keys.revoke",
        entityType: "apiKey",
        entityId: key.id,
        payload: { ...describeKey(key), ...(reason ? { reason } : {}) },
        actor,
      },
      { trx },
    );

  return {
    scopes: () => declared,

    async create(input, options) {
      const scope = Object.hasOwn(declared, input.scope) ? declared[input.scope] : undefined;
      if (!scope) {
        const names = Object.keys(declared);
        throw AppError.validation([
          {
            path: "scope",
            message: `unknown scope "${input.scope}"; declared: ${names.length > 0 ? names.join(", ") : "none"}`,
          },
        ]);
      }
      if (input.creator) {
        const missing = missingPermissions(input.creator, permissionsByScope.get(input.scope) ?? []);
        if (missing.length > 0)
          throw AppError.forbidden(
            `A key of scope "${input.scope}" would grant permissions you do not hold: ${missing.join(", ")}`,
          );
      }
      if (input.userId && !input.creator) {
        // Operator tooling binding a key to someone: a key their role does not cover would never verify.
        const member = await db
          .selectFrom("authMemberships")
          .select("role")
          .where("userId", "=", input.userId)
          .where("organizationId", "=", input.organizationId)
          .executeTakeFirst();
        if (!isWithinRole(roles, member?.role ?? null, permissionsByScope.get(input.scope) ?? [])) {
          throw AppError.forbidden(
            `The user is not a member of this organization whose role holds every permission of scope "${input.scope}": the key would not work`,
          );
        }
      }
      const lifetime = resolveLifetime(scope, input.expiresInSeconds ?? null);
      const minted = mintApiKey(scope.prefix);
      const row = await inTransaction(database, options, async (trx) => {
        const inserted = await authDb(trx)
          .insertInto("authApiKeys")
          .values({
            id: minted.id,
            organizationId: input.organizationId,
            scope: input.scope,
            name: input.name?.trim() || `${input.scope}-key`,
            prefix: scope.prefix,
            secretHash: minted.secretHash,
            userId: input.userId ?? null,
            expiresAt: lifetime === null ? null : new Date(Date.now() + lifetime * 1000),
          })
          .returning(KEY_COLUMNS)
          .executeTakeFirstOrThrow();
        const actor = input.actor === undefined ? (input.creator ?? null) : input.actor;
        await events.emit(
          {
            organizationId: inserted.organizationId,
            type: "api-keys.create",
            entityType: "apiKey",
            entityId: inserted.id,
            payload: describeKey(inserted),
            actor,
          },
          { trx },
        );
        return inserted;
      });
      return { ...row, key: minted.token };
    },

    list: (organizationId) =>
      db
        .selectFrom("authApiKeys")
        .select(KEY_COLUMNS)
        .where("organizationId", "=", organizationId)
        .orderBy("createdAt", "desc")
        .execute(),

    async revoke(organizationId, id, options) {
      const revoked = await inTransaction(database, options, async (trx) => {
        const row = await authDb(trx)
          .updateTable("authApiKeys")
          .set({ revokedAt: new Date() })
          .where("organizationId", "=", organizationId)
          .where("id", "=", id)
          .where("revokedAt", "is", null)
          .returning(KEY_COLUMNS)
          .executeTakeFirst();
        if (row) await emitRevoked(trx, row, options?.actor ?? null);
        return row !== undefined;
      }).finally(() => cache.delete("apiKey", id));
      return revoked;
    },

    async revokeById(id) {
      await database
        .transaction(async (trx) => {
          const row = await authDb(trx)
            .updateTable("authApiKeys")
            .set({ revokedAt: new Date() })
            .where("id", "=", id)
            .where("revokedAt", "is", null)
            .returning(KEY_COLUMNS)
            .executeTakeFirst();
          if (row) await emitRevoked(trx, row, null);
        })
        .finally(() => cache.delete("apiKey", id));
      return db.selectFrom("authApiKeys").select(KEY_COLUMNS).where("id", "=", id).executeTakeFirst();
    },

    async revokeUserKeys({ userId, organizationId, reason, actor }, trx) {
      let query = authDb(trx)
        .updateTable("authApiKeys")
        .set({ revokedAt: new Date() })
        .where("userId", "=", userId)
        .where("revokedAt", "is", null);
      if (organizationId !== undefined) query = query.where("organizationId", "=", organizationId);
      const rows = await query.returning(KEY_COLUMNS).execute();
      for (const row of rows) await emitRevoked(trx, row, actor, reason);
      return rows.map((row) => row.id);
    },

    async verify(key) {
      const parsed = parseApiKey(key);
      if (!parsed) return null;
      // The prefix is part of the key: a cached key's secret under another scope's prefix is refused too.
      const cached = cache.get<CachedKey>("apiKey", parsed.id, parsed.secret);
      if (cached) return cached.prefix === parsed.prefix ? cached.actor : null;
      const generation = cache.generation();
      // The key's member, read in the same lookup (a primary-key join): a key acts for its user only while
      // they could still mint it, so removal, demotion or deletion ends it even when made elsewhere.
      const row = await db
        .selectFrom("authApiKeys as k")
        .leftJoin("authMemberships as m", (join) =>
          join.onRef("m.userId", "=", "k.userId").onRef("m.organizationId", "=", "k.organizationId"),
        )
        .select([
          "k.id",
          "k.organizationId",
          "k.scope",
          "k.prefix",
          "k.secretHash",
          "k.expiresAt",
          "k.revokedAt",
          "k.userId",
          "m.role",
        ])
        .where("k.id", "=", parsed.id)
        .executeTakeFirst();
      if (!row || !isSecretMatch(parsed.secret, row.secretHash) || row.prefix !== parsed.prefix) return null;
      if (row.revokedAt !== null) return null;
      if (row.expiresAt !== null && row.expiresAt.getTime() <= Date.now()) return null;
      // A scope removed from the configuration takes its keys' rights with it.
      const permissions = permissionsByScope.get(row.scope);
      if (!permissions) return null;
      if (row.userId !== null && !isWithinRole(roles, row.role, permissions)) return null;
      // A key minted for a user acts for them: caps and the audit log name the user (core's `accountableActor`).
      const actor: Actor = {
        id: row.id,
        type: "apiKey",
        organizationId: row.organizationId,
        permissions,
        ...(row.userId ? { userId: row.userId } : {}),
      };
      cache.set("apiKey", row.id, {
        generation,
        secretHash: row.secretHash,
        userId: row.userId,
        expiresAt: row.expiresAt,
        value: { prefix: row.prefix, actor } satisfies CachedKey,
      });
      return actor;
    },
  };
}

/**
 * Whether a member of `role` could mint a key granting `permissions` (the check minting makes): false
 * for a non-member (`role` null) and for a role that lost any of them.
 */
function isWithinRole(roles: RoleMap, role: string | null, permissions: readonly string[]): boolean {
  if (role === null) return false;
  return missingPermissions({ permissions: permissionsOfRole(roles, role) }, permissions).length === 0;
}

/** Seconds a new key lives, or null for no expiry; enforces the scope's bounds (days, fractions allowed). */
function resolveLifetime(scope: ApiKeyScope, requested: number | null): number | null {
  const min = scope.keyExpiration?.minExpiresIn;
  const max = scope.keyExpiration?.maxExpiresIn;
  if (requested === null) return max === undefined ? null : Math.floor(max * DAY_SECONDS);
  if (!Number.isFinite(requested) || requested <= 0)
    throw AppError.validation([{ path: "expiresInSeconds", message: "must be a positive number of seconds" }]);
  if (min !== undefined && requested < min * DAY_SECONDS) {
    throw AppError.validation([
      {
        path: "expiresInSeconds",
        message: `must be at least ${min} day(s) (${Math.ceil(min * DAY_SECONDS)} s) for this scope`,
      },
    ]);
  }
  if (max !== undefined && requested > max * DAY_SECONDS) {
    throw AppError.validation([
      {
        path: "expiresInSeconds",
        message: `must be at most ${max} day(s) (${Math.floor(max * DAY_SECONDS)} s) for this scope`,
      },
    ]);
  }
  return Math.floor(requested);
}

// Through plugin-sdk, like every plugin (see auth-plugin.ts for why). Audit only, not webhook events.
declare module "@unified-commerce/plugin-sdk" {
  interface DomainEvents {
    /** A key was minted (`entityId` the key's id; payload scope, name, prefix, userId, expiresAt: never the secret). */
    "api-keys.create": DomainEventPayload;
    /** A key was revoked; `reason` when it went with its user (`member-removed`, `password-reset`). */
    "api-keys.revoke": DomainEventPayload;
  }
}
