import type { Transaction } from "kysely";
import type { CoreTables } from "../db/core-tables.js";
import type { WithHookErrors } from "./after-commit.js";
import type { DatabaseAccess } from "./database-access.js";

/**
 * The last, optional parameter of every service method that reads or writes. With `trx` the method runs
 * its reads and writes on the caller's transaction and does not commit; without it a reading method uses
 * the pool and a writing method opens its own transaction. One spelling everywhere lets a caller (checkout)
 * put pricing, promotions, tax and stock in one transaction.
 */
export interface TxOptions {
  /** Run inside the caller's transaction. */
  trx?: Transaction<CoreTables>;
}

/** Runs `work` on the caller's transaction when `options.trx` is set, otherwise in a new one. */
export function inTransaction<T>(
  database: Pick<DatabaseAccess, "transaction">,
  options: TxOptions | undefined,
  work: (trx: Transaction<CoreTables>) => Promise<T>,
): Promise<T> {
  return options?.trx ? work(options.trx) : database.transaction(work);
}

/**
 * `inTransaction` for a write that runs after-hooks: answers its result with the after-hooks that failed
 * once the transaction it opened committed. Joining the caller's transaction it answers none: those
 * hooks run at the caller's commit, and the caller (who opened it with
 * `database.transactionWithHookErrors`) reports them.
 */
export async function inTransactionWithHookErrors<T>(
  database: Pick<DatabaseAccess, "transactionWithHookErrors">,
  options: TxOptions | undefined,
  work: (trx: Transaction<CoreTables>) => Promise<T>,
): Promise<WithHookErrors<T>> {
  return options?.trx ? { result: await work(options.trx), hookErrors: [] } : database.transactionWithHookErrors(work);
}
