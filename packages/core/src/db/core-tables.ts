import type { ColumnType, Generated } from "kysely";

/** A timestamp column: read as Date, written as Date or ISO string, defaulted by the database. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** JSON column: read as parsed value, written as a JSON string (pg and PGlite both accept it). */
export type Json<T = Record<string, unknown>> = ColumnType<T, string, string>;

export interface OrganizationsTable {
  id: string;
  name: string;
  createdAt: Timestamp;
}

export interface DomainEventsTable {
  id: string;
  organizationId: string;
  type: string;
  entityType: string;
  entityId: string;
  payload: Json;
  actorId: string | null;
  actorType: string | null;
  occurredAt: Timestamp;
  sequence: Generated<number>;
}

/** Whether the request holding an idempotency key still runs, or its answer is stored. */
export type IdempotencyKeyStatus = "in_progress" | "completed";

/**
 * One `Idempotency-Key` of one organization and credential: claimed (`in_progress`) before the handler
 * runs, then the answer replayed to retries (`completed`).
 */
export interface IdempotencyKeysTable {
  organizationId: string;
  /** `<actor type>:<actor id>`, or `anonymous`. */
  credential: string;
  key: string;
  /** HMAC-SHA256 (hex, `SecretBox.mac`) of the method, the URL and the SHA-256 of the raw body bytes. */
  fingerprint: string;
  /** Random per claim: only the request that claimed the key may store its answer or release it. */
  claimToken: string;
  status: IdempotencyKeyStatus;
  responseStatus: number | null;
  /**
   * The replayed headers and body as JSON, sealed (`SecretBox.seal`): an answer may hold a secret shown
   * once (a new API key, a cart token, a session token), which is otherwise only ever stored hashed.
   */
  response: string | null;
  /** When the key was claimed; its answer is replayed for 24 hours from then. */
  createdAt: Timestamp;
}

/** A key the kernel generated for itself, by name (`secret-key`: the development secret key on PostgreSQL). */
export interface KernelKeysTable {
  name: string;
  /** Base64. */
  value: string;
  createdAt: Timestamp;
}

/** Tables the kernel itself owns. Modules extend their view with `db.withTables<TheirTables>()`. */
export interface CoreTables {
  organizations: OrganizationsTable;
  domainEvents: DomainEventsTable;
  idempotencyKeys: IdempotencyKeysTable;
  kernelKeys: KernelKeysTable;
}
