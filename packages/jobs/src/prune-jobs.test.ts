import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createJobQueue, isJobsError } from "./index.js";
import {
  createJobsTestDatabase,
  DATABASE_VIEWS,
  viewDatabase,
  type JobsTestDatabase,
  type TestTables,
} from "./testing/jobs-test-database.js";

const org = "org_1";
const DAY = 24 * 60 * 60 * 1000;

let database: JobsTestDatabase;
beforeAll(async () => {
  database = await createJobsTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe.each(DATABASE_VIEWS)("prune ($label)", ({ withCamelCase }) => {
  let db: Kysely<TestTables>;
  const queue = createJobQueue({ tasks: [{ slug: "test/noop", handler: () => null }] });

  beforeAll(() => {
    db = viewDatabase(database.db, withCamelCase);
  });
  beforeEach(async () => {
    await sql`delete from jobs`.execute(db.withoutPlugins());
  });

  /** A job in `status` that finished `ageMs` ago (pending and processing ones have no completion). */
  const job = async (status: "pending" | "processing" | "succeeded" | "failed", ageMs: number) => {
    const { id } = await queue.enqueue(db, "test/noop", {}, { organizationId: org });
    const isFinished = status === "succeeded" || status === "failed";
    await sql`update jobs set status = ${status},
                completed_at = ${isFinished ? sql`now() - ${ageMs} * interval '1 millisecond'` : sql`null`}
              where id = ${id}`.execute(db.withoutPlugins());
    return id;
  };
  const remaining = async () =>
    (await sql<{ id: string }>`select id from jobs order by seq`.execute(db.withoutPlugins())).rows.map(
      (row) => row.id,
    );

  it("deletes succeeded jobs past their retention and nothing else", async () => {
    const old = await job("succeeded", 8 * DAY);
    const recent = await job("succeeded", DAY);
    const oldFailed = await job("failed", 60 * DAY);
    const pending = await job("pending", 0);
    const processing = await job("processing", 0);
    expect(await queue.prune(db, { succeededOlderThanMs: 7 * DAY })).toBe(1);
    const left = await remaining();
    expect(left).not.toContain(old);
    expect(left).toEqual([recent, oldFailed, pending, processing]);
  });

  it("deletes failed jobs only when given their own retention", async () => {
    const oldFailed = await job("failed", 31 * DAY);
    const recentFailed = await job("failed", DAY);
    expect(await queue.prune(db, { succeededOlderThanMs: 7 * DAY, failedOlderThanMs: 30 * DAY })).toBe(1);
    expect(await remaining()).toEqual([recentFailed]);
    expect(await remaining()).not.toContain(oldFailed);
  });

  it("deletes at most `limit` rows per call, oldest first", async () => {
    const ids = [];
    for (let age = 10; age < 15; age++) ids.push(await job("succeeded", age * DAY));
    expect(await queue.prune(db, { succeededOlderThanMs: DAY, limit: 2 })).toBe(2);
    // The two oldest (14 and 13 days) went first.
    expect(await remaining()).toEqual(ids.slice(0, 3));
    expect(await queue.prune(db, { succeededOlderThanMs: DAY, limit: 2 })).toBe(2);
    expect(await queue.prune(db, { succeededOlderThanMs: DAY, limit: 2 })).toBe(1);
    expect(await remaining()).toEqual([]);
  });

  it("refuses negative or fractional options and deletes nothing", async () => {
    await job("succeeded", 8 * DAY);
    for (const options of [
      { succeededOlderThanMs: -1 },
      { succeededOlderThanMs: 1.5 },
      { succeededOlderThanMs: DAY, limit: -5 },
      { succeededOlderThanMs: DAY, failedOlderThanMs: Number.NaN },
    ]) {
      const error = await queue.prune(db, options).catch((caught: unknown) => caught);
      expect(isJobsError(error) && error.code).toBe("INVALID_OPTIONS");
    }
    expect(await remaining()).toHaveLength(1);
  });
});
