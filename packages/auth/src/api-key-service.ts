import type { Kysely } from "kysely";
import { AppError, type Actor, type ApiKeyScope, type CommerceConfig } from "@unified-commerce/core";
import type { CredentialCache } from "./credential-cache.js";
import { missingPermissions } from "./missing-permissions.js";
import type { AuthDb } from "./auth-tables.js";
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
}

export interface ApiKeyService {
  /** Declared scopes: plugins' `apiKeyScopes` merged with `auth.apiKeyScopes` (user config wins). */
  scopes(): Readonly<Record<string, ApiKeyScope>>;
  create(input: CreateApiKeyInput): Promise<CreatedApiKey>;
  list(organizationId: string): Promise<ApiKeyInfo[]>;
  /** Answers false when no such active key exists in the organization. */
  revoke(organizationId: string, id: string): Promise<boolean>;
  /** Revokes by id regardless of organization (operator tooling). */
  revokeById(id: string): Promise<ApiKeyInfo | undefined>;
  /** The actor of a presented key; null for malformed, unknown, revoked, expired or undeclared-scope keys. */
  verify(key: string): Promise<Actor | null>;
}

const DAY_SECONDS = 86_400;

interface CachedKey {
  prefix: string;
  actor: Actor;
}
const KEY_COLUMNS = ["id", "organizationId", "scope", "name", "prefix", "userId", "createdAt", "expiresAt", "revokedAt"] as const;

/** `{ catalog: ["read"] }` -> `["catalog:read"]`. */
export function scopePermissions(scope: ApiKeyScope): string[] {
  return Object.entries(scope.permissions).flatMap(([module, actions]) => actions.map((action) => `${module}:${action}`));
}

export function mergeApiKeyScopes(config: CommerceConfig): Record<string, ApiKeyScope> {
  const scopes: Record<string, ApiKeyScope> = {};
  for (const module of config.modules ?? []) Object.assign(scopes, module.apiKeyScopes);
  return { ...scopes, ...config.auth?.apiKeyScopes };
}

export function createApiKeyService(db: Kysely<AuthDb>, config: CommerceConfig, cache: CredentialCache): ApiKeyService {
  const declared = mergeApiKeyScopes(config);
  const permissionsByScope = new Map(Object.entries(declared).map(([name, scope]) => [name, scopePermissions(scope)]));

  return {
    scopes: () => declared,

    async create(input) {
      const scope = Object.hasOwn(declared, input.scope) ? declared[input.scope] : undefined;
      if (!scope) {
        const names = Object.keys(declared);
        throw AppError.validation([{ path: "scope", message: `unknown scope "${input.scope}"; declared: ${names.length > 0 ? names.join(", ") : "none"}` }]);
      }
      if (input.creator) {
        const missing = missingPermissions(input.creator, permissionsByScope.get(input.scope) ?? []);
        if (missing.length > 0) throw AppError.forbidden(`A key of scope "${input.scope}" would grant permissions you do not hold: ${missing.join(", ")}`);
      }
      const lifetime = resolveLifetime(scope, input.expiresInSeconds ?? null);
      const minted = mintApiKey(scope.prefix);
      const row = await db
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
      return { ...row, key: minted.token };
    },

    list: (organizationId) =>
      db.selectFrom("authApiKeys").select(KEY_COLUMNS).where("organizationId", "=", organizationId).orderBy("createdAt", "desc").execute(),

    async revoke(organizationId, id) {
      const result = await db
        .updateTable("authApiKeys")
        .set({ revokedAt: new Date() })
        .where("organizationId", "=", organizationId)
        .where("id", "=", id)
        .where("revokedAt", "is", null)
        .executeTakeFirst()
        .finally(() => cache.delete("apiKey", id));
      return result.numUpdatedRows > 0n;
    },

    async revokeById(id) {
      await db
        .updateTable("authApiKeys")
        .set({ revokedAt: new Date() })
        .where("id", "=", id)
        .where("revokedAt", "is", null)
        .execute()
        .finally(() => cache.delete("apiKey", id));
      return db.selectFrom("authApiKeys").select(KEY_COLUMNS).where("id", "=", id).executeTakeFirst();
    },

    async verify(key) {
      const parsed = parseApiKey(key);
      if (!parsed) return null;
      // The prefix is part of the key: a cached key's secret under another scope's prefix is refused too.
      const cached = cache.get<CachedKey>("apiKey", parsed.id, parsed.secret);
      if (cached) return cached.prefix === parsed.prefix ? cached.actor : null;
      const generation = cache.generation();
      const row = await db
        .selectFrom("authApiKeys")
        .select(["id", "organizationId", "scope", "prefix", "secretHash", "expiresAt", "revokedAt", "userId"])
        .where("id", "=", parsed.id)
        .executeTakeFirst();
      if (!row || !isSecretMatch(parsed.secret, row.secretHash) || row.prefix !== parsed.prefix) return null;
      if (row.revokedAt !== null) return null;
      if (row.expiresAt !== null && row.expiresAt.getTime() <= Date.now()) return null;
      // A scope removed from the configuration takes its keys' rights with it.
      const permissions = permissionsByScope.get(row.scope);
      if (!permissions) return null;
      // A key minted for a user acts for them: caps and the audit log name the user (core's `accountableActor`).
      const actor: Actor = { id: row.id, type: "apiKey", organizationId: row.organizationId, permissions, ...(row.userId ? { userId: row.userId } : {}) };
      cache.set("apiKey", row.id, { generation, secretHash: row.secretHash, userId: row.userId, expiresAt: row.expiresAt, value: { prefix: row.prefix, actor } satisfies CachedKey });
      return actor;
    },
  };
}

/** Seconds a new key lives, or null for no expiry; enforces the scope's bounds (days, fractions allowed). */
function resolveLifetime(scope: ApiKeyScope, requested: number | null): number | null {
  const min = scope.keyExpiration?.minExpiresIn;
  const max = scope.keyExpiration?.maxExpiresIn;
  if (requested === null) return max === undefined ? null : Math.floor(max * DAY_SECONDS);
  if (!Number.isFinite(requested) || requested <= 0) throw AppError.validation([{ path: "expiresInSeconds", message: "must be a positive number of seconds" }]);
  if (min !== undefined && requested < min * DAY_SECONDS) {
    throw AppError.validation([{ path: "expiresInSeconds", message: `must be at least ${min} day(s) (${Math.ceil(min * DAY_SECONDS)} s) for this scope` }]);
  }
  if (max !== undefined && requested > max * DAY_SECONDS) {
    throw AppError.validation([{ path: "expiresInSeconds", message: `must be at most ${max} day(s) (${Math.floor(max * DAY_SECONDS)} s) for this scope` }]);
  }
  return Math.floor(requested);
}
