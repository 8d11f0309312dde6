import type { Kysely, Transaction } from "kysely";
import type { FastifyBaseLogger } from "fastify";
import type { CommerceConfig } from "./config.js";
import type { HookRunner } from "./hook-runner.js";
import type { AfterCommitTask, WithHookErrors } from "./transaction-runner.js";
import type { EventBus } from "./event-bus.js";
import type { CoreTables } from "../db/core-tables.js";
import type { SecretBox } from "./secret-box.js";
import type { Listen } from "../db/create-database.js";
import type { Registries } from "./registries.js";

/**
 * The services container. Modules add their services by augmenting this interface; a plugin does it
 * through the SDK: `declare module "@unified-commerce/plugin-sdk" { interface Services { loyalty: LoyaltyService } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Services {}

export type Logger = FastifyBaseLogger;

/** Database access handed to modules: the pool, a way to run work in one transaction, notifications. */
export interface DatabaseAccess {
  db: Kysely<CoreTables>;
  /**
   * Runs `work` in a new transaction. Once it commits, runs the work deferred on it with `afterCommit`
   * (after-hooks, whose failures are logged); a rollback drops that work.
   */
  transaction<T>(work: (trx: Transaction<CoreTables>) => Promise<T>): Promise<T>;
  /** `transaction`, answering also the after-hooks that failed after the commit (for `meta.hookErrors`). */
  transactionWithHookErrors<T>(work: (trx: Transaction<CoreTables>) => Promise<T>): Promise<WithHookErrors<T>>;
  /**
   * Defers `task` until `trx` commits; never runs it when `trx` rolls back. `trx` must come from
   * `transaction` or `transactionWithHookErrors` (the outermost transaction: a service that joined a
   * caller's transaction defers to the caller's commit).
   */
  afterCommit(trx: Transaction<CoreTables>, task: AfterCommitTask): void;
  /** LISTEN on a channel (see `Database.listen`). */
  listen: Listen;
}

/** What a module's service factory receives. `services` fills as modules are built, in plugin order. */
export interface ServiceContext {
  config: CommerceConfig;
  db: Kysely<CoreTables>;
  database: DatabaseAccess;
  services: Services;
  hooks: HookRunner;
  events: EventBus;
  logger: Logger;
  /** Encrypts secrets the server must read back; see `secretKey`. */
  secrets: SecretBox;
  /** Organization used when neither the actor nor the store resolver names one. */
  defaultOrganizationId: string;
  /** Error codes, webhook events and settings groups every manifest declared. */
  registries: Registries;
}

/** Auth capabilities present when the API is mounted by a server with the auth package. */
export interface RouteAuthContext {
  /** Permissions granted by a role name, for tooling that mints keys or checks roles. */
  permissionsOfRole(role: string): readonly string[];
}

/** What a module's `routes` function receives. */
export interface RouteContext {
  config: CommerceConfig;
  services: Services;
  database: DatabaseAccess;
  hooks: HookRunner;
  events: EventBus;
  logger: Logger;
  /** Error codes, webhook events and settings groups every manifest declared. */
  registries: Registries;
  auth?: RouteAuthContext;
}
