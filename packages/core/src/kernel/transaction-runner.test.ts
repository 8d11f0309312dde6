import { sql, type Transaction } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CoreTables } from "../db/core-tables.js";
import type { Database } from "../db/create-database.js";
import { createTestDatabase } from "../testing/test-database.js";
import { inTransaction, inTransactionWithHookErrors, type TxOptions } from "./transaction.js";
import { createTransactionRunner, type TransactionRunner } from "./transaction-runner.js";

describe("transaction runner", () => {
  let database: Database;
  let runner: TransactionRunner;
  beforeAll(async () => {
    database = await createTestDatabase();
    runner = createTransactionRunner(database.db);
  });
  afterAll(() => database.close());

  it("runs deferred work after the commit, in the order it was deferred, and answers the hook errors", async () => {
    const seen: string[] = [];
    const { result, hookErrors } = await runner.transactionWithHookErrors(async (trx) => {
      runner.afterCommit(trx, async () => void seen.push("first"));
      runner.afterCommit(trx, async () => {
        seen.push("second");
        return [{ key: "test.afterThing", message: "mailer down" }];
      });
      await sql`select 1`.execute(trx);
      expect(seen).toEqual([]);
      return 42;
    });
    expect(result).toBe(42);
    expect(seen).toEqual(["first", "second"]);
    expect(hookErrors).toEqual([{ key: "test.afterThing", message: "mailer down" }]);
  });

  it("drops deferred work when the transaction rolls back", async () => {
    const seen: string[] = [];
    await expect(
      runner.transaction(async (trx) => {
        runner.afterCommit(trx, async () => void seen.push("never"));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(seen).toEqual([]);
  });

  it("defers work of a method that joined the caller's transaction to the caller's commit", async () => {
    const seen: string[] = [];
    const joined = (options: TxOptions) =>
      inTransactionWithHookErrors(runner, options, async (trx) => {
        runner.afterCommit(trx, async () => void seen.push("joined"));
        return "done";
      });
    const { hookErrors } = await runner.transactionWithHookErrors(async (trx) => {
      // Joined: it answers no errors of its own, and its work waits for this transaction.
      expect(await joined({ trx })).toEqual({ result: "done", hookErrors: [] });
      expect(await inTransaction(runner, { trx }, async () => seen.length)).toBe(0);
    });
    expect(seen).toEqual(["joined"]);
    expect(hookErrors).toEqual([]);
  });

  it("refuses to defer work on a transaction it did not open, or one that has finished", async () => {
    await database.db.transaction().execute(async (trx) => {
      expect(() => runner.afterCommit(trx, async () => undefined)).toThrow(
        "afterCommit needs a transaction opened by database.transaction",
      );
    });
    let finished: Transaction<CoreTables> | undefined;
    await runner.transaction(async (trx) => {
      finished = trx;
    });
    if (!finished) throw new Error("the transaction did not run");
    const kept = finished;
    expect(() => runner.afterCommit(kept, async () => undefined)).toThrow("afterCommit needs");
  });
});
