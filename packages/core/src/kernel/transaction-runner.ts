import type { Kysely, Transaction } from "kysely";
import type { CoreTables } from "../db/core-tables.js";
import type { AfterCommitTask, HookError, WithHookErrors } from "./after-commit.js";

// Modules import these two from here; they live in a leaf file so the contract need not import this one.
export type { AfterCommitTask, WithHookErrors };

/** How the kernel opens transactions: the `transaction`, `transactionWithHookErrors` and `afterCommit` of `DatabaseAccess`. */
export interface TransactionRunner {
  transaction<T>(work: (trx: Transaction<CoreTables>) => Promise<T>): Promise<T>;
  transactionWithHookErrors<T>(work: (trx: Transaction<CoreTables>) => Promise<T>): Promise<WithHookErrors<T>>;
  afterCommit(trx: Transaction<CoreTables>, task: AfterCommitTask): void;
}

/**
 * Opens transactions that carry a queue of after-commit work. Only transactions opened here have one, so
 * work deferred on any other (opened with `db.transaction()` directly) is refused loudly: it could never
 * learn when that transaction commits.
 */
export function createTransactionRunner(db: Kysely<CoreTables>): TransactionRunner {
  const deferred = new WeakMap<Transaction<CoreTables>, AfterCommitTask[]>();

  const open = <T>(tasks: AfterCommitTask[], work: (trx: Transaction<CoreTables>) => Promise<T>): Promise<T> =>
    db.transaction().execute(async (trx) => {
      deferred.set(trx, tasks);
      try {
        return await work(trx);
      } finally {
        // Work deferred on a finished transaction (a kept reference) is refused, not silently lost.
        deferred.delete(trx);
      }
    });

  // The tasks run only once `open` resolved, that is committed: a rollback throws and drops them.
  return {
    async transaction(work) {
      const tasks: AfterCommitTask[] = [];
      const result = await open(tasks, work);
      for (const task of tasks) await task();
      return result;
    },
    async transactionWithHookErrors(work) {
      const tasks: AfterCommitTask[] = [];
      const result = await open(tasks, work);
      const hookErrors: HookError[] = [];
      for (const task of tasks) hookErrors.push(...((await task()) ?? []));
      return { result, hookErrors };
    },
    afterCommit(trx, task) {
      const tasks = deferred.get(trx);
      if (!tasks)
        throw new Error(
          "afterCommit needs a transaction opened by database.transaction (or transactionWithHookErrors)",
        );
      tasks.push(task);
    },
  };
}
