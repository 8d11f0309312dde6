import type { Kysely, Transaction } from "kysely";
import type { CoreTables } from "../db/core-tables.js";
import type { Listen } from "../db/create-database.js";
import type { AfterCommitTask, WithHookErrors } from "./after-commit.js";

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
