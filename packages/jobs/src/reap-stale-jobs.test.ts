import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createJobQueue, LEASE_EXPIRED_ERROR } from "./index.js";
import {
  createJobsTestDatabase,
  DATABASE_VIEWS,
  viewDatabase,
  type JobsTestDatabase,
  type TestTables,
} from "./testing/jobs-test-database.js";

const org = "org_1";

// One database per file; each variant below views it with or without the kernel's CamelCasePlugin.
let database: JobsTestDatabase;
beforeAll(async () => {
  database = await createJobsTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe.each(DATABASE_VIEWS)("leases and reapStale ($label)", ({ withCamelCase }) => {
  let db: Kysely<TestTables>;
  let runs = 0;
  const queue = createJobQueue({
    tasks: [
      {
        slug: "test/count",
        handler: () => {
          runs += 1;
          return runs;
        },
      },
    ],
  });

  beforeAll(() => {
    db = viewDatabase(database.db, withCamelCase);
  });
  beforeEach(async () => {
    runs = 0;
    await sql`delete from jobs`.execute(db.withoutPlugins());
  });

  // A worker that died mid-job leaves it processing with a lease in the past.
  const abandon = async (id: string, attempts: number, leaseEndsInMs: number) => {
    await sql`
      update jobs set status = 'processing', attempts = ${attempts}, locked_by = 'dead-worker',
        locked_until = now() + ${leaseEndsInMs} * interval '1 millisecond', processing_started_at = now()
      where id = ${id}
    `.execute(db.withoutPlugins());
  };

  it("hands an expired job back to pending and it runs again; a live lease is left alone", async () => {
    const expired = await queue.enqueue(db, "test/count", {}, { organizationId: org, maxAttempts: 3 });
    const live = await queue.enqueue(db, "test/count", {}, { organizationId: org, maxAttempts: 3 });
    await abandon(expired.id, 1, -1000);
    await abandon(live.id, 1, 60_000);

    expect(await queue.reapStale(db)).toBe(1);
    const result = await queue.runPendingJobs({ db: db });
    expect(result).toMatchObject({ processed: 1, succeeded: 1 });
    const rows = await sql<{
      id: string;
      status: string;
      attempts: number;
    }>`select id, status, attempts from jobs`.execute(db.withoutPlugins());
    expect(rows.rows.find((row) => row.id === expired.id)).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(rows.rows.find((row) => row.id === live.id)).toMatchObject({ status: "processing", attempts: 1 });
  });

  it("fails an expired job that has no attempts left", async () => {
    const job = await queue.enqueue(db, "test/count", {}, { organizationId: org, maxAttempts: 1 });
    await abandon(job.id, 1, -1);
    expect(await queue.reapStale(db)).toBe(1);
    const row = await sql<{ status: string; error: string }>`select status, error from jobs`.execute(
      db.withoutPlugins(),
    );
    expect(row.rows[0]).toEqual({ status: "failed", error: LEASE_EXPIRED_ERROR });
    expect(runs).toBe(0);
  });

  it("a late result of a reaped and reclaimed attempt does not overwrite the new attempt", async () => {
    const slow = createJobQueue({
      workerId: "slow-worker",
      tasks: [
        {
          slug: "test/count",
          handler: async () => {
            // While this attempt runs, its lease expires and another worker takes the job.
            await sql`update jobs set locked_until = now() - interval '1 second'`.execute(db.withoutPlugins());
            expect(await queue.reapStale(db)).toBe(1);
            expect(await queue.runPendingJobs({ db: db })).toMatchObject({ succeeded: 1 });
            return "late";
          },
        },
      ],
    });
    await slow.enqueue(db, "test/count", {}, { organizationId: org, maxAttempts: 3 });
    await slow.runPendingJobs({ db: db });
    const row = await sql<{
      status: string;
      output: unknown;
      attempts: number;
    }>`select status, output, attempts from jobs`.execute(db.withoutPlugins());
    expect(row.rows[0]).toEqual({ status: "succeeded", output: 1, attempts: 2 });
  });
});
