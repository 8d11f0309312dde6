import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createJobQueue, type JobRecord, type TaskDefinition } from "./index.js";
import {
  createJobsTestDatabase,
  jobStates,
  DATABASE_VIEWS,
  viewDatabase,
  type JobsTestDatabase,
  type TestTables,
} from "./testing/jobs-test-database.js";

const org = "org_1";

// Every move of the spec's "Background job status" table, with and without the kernel's CamelCasePlugin.
// One database per file; each variant below views it with or without the kernel's CamelCasePlugin.
let database: JobsTestDatabase;
beforeAll(async () => {
  database = await createJobsTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe.each(DATABASE_VIEWS)("job status transitions ($label)", ({ withCamelCase }) => {
  let db: Kysely<TestTables>;
  const calls: { slug: string; input: unknown; job: JobRecord; statusInDb: string }[] = [];
  let failuresLeft = 0;

  const tasks: TaskDefinition[] = [
    {
      slug: "test/echo",
      handler: async (input, context) => {
        const row = await sql<{ status: string }>`select status from jobs where id = ${context.job.id}`.execute(
          db.withoutPlugins(),
        );
        calls.push({ slug: "test/echo", input, job: context.job, statusInDb: row.rows[0]?.status ?? "missing" });
        return { echoed: input };
      },
    },
    {
      slug: "test/flaky",
      retries: { attempts: 3, backoff: { type: "exponential", delay: 60_000 } },
      handler: (input, context) => {
        calls.push({ slug: "test/flaky", input, job: context.job, statusInDb: "processing" });
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error(`boom ${context.job.attempts}`);
        }
        return "ok";
      },
    },
    {
      slug: "test/keyed",
      concurrency: { key: (input) => (input as { key: string }).key },
      handler: (input, context) => {
        calls.push({ slug: "test/keyed", input, job: context.job, statusInDb: "processing" });
        return null;
      },
    },
  ];
  const queue = createJobQueue({ tasks });

  beforeAll(() => {
    db = viewDatabase(database.db, withCamelCase);
  });
  beforeEach(async () => {
    calls.length = 0;
    failuresLeft = 0;
    await sql`delete from jobs`.execute(db.withoutPlugins());
  });

  it("pending -> processing: the claim raises attempts before the handler runs", async () => {
    const job = await queue.enqueue(db, "test/echo", { n: 1 }, { organizationId: org });
    expect(job).toMatchObject({
      status: "pending",
      attempts: 0,
      maxAttempts: 1,
      queue: "default",
      organizationId: org,
      taskSlug: "test/echo",
    });

    await queue.runPendingJobs({ db: db });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.statusInDb).toBe("processing");
    expect(calls[0]?.job).toMatchObject({ id: job.id, status: "processing", attempts: 1, lockedBy: queue.workerId });
    expect(calls[0]?.job.processingStartedAt).toBeInstanceOf(Date);
  });

  it("processing -> succeeded: the output and completion time are stored", async () => {
    const job = await queue.enqueue(db, "test/echo", { n: 2 }, { organizationId: org });
    const result = await queue.runPendingJobs({ db: db });
    expect(result).toEqual({ processed: 1, succeeded: 1, failed: 0, retried: 0 });

    const stored = await readJob(job.id);
    expect(stored).toMatchObject({
      status: "succeeded",
      output: { echoed: { n: 2 } },
      attempts: 1,
      error: null,
      locked_by: null,
    });
    expect(stored.completed_at).toBeInstanceOf(Date);
  });

  it("processing -> pending: a throw with attempts left sets wait_until from the backoff", async () => {
    failuresLeft = 1;
    const job = await queue.enqueue(db, "test/flaky", {}, { organizationId: org });
    expect(job.maxAttempts).toBe(3);
    const before = Date.now();
    const result = await queue.runPendingJobs({ db: db });
    expect(result).toEqual({ processed: 1, succeeded: 0, failed: 0, retried: 1 });

    const stored = await readJob(job.id);
    expect(stored).toMatchObject({ status: "pending", attempts: 1, error: "boom 1", completed_at: null });
    // Exponential 60 s after attempt 1: 60 s (the database clock may differ a little from ours).
    const waitMs = (stored.wait_until as Date).getTime() - before;
    expect(waitMs).toBeGreaterThan(55_000);
    expect(waitMs).toBeLessThan(65_000);

    // Not due yet: nothing to claim.
    expect((await queue.runPendingJobs({ db: db })).processed).toBe(0);
    await makeDue();
    expect(await queue.runPendingJobs({ db: db })).toMatchObject({ processed: 1, succeeded: 1 });
    expect(await readJob(job.id)).toMatchObject({ status: "succeeded", attempts: 2, output: "ok" });
  });

  it("processing -> failed: the last allowed attempt stores the error message", async () => {
    failuresLeft = 10;
    const job = await queue.enqueue(db, "test/flaky", {}, { organizationId: org, maxAttempts: 2 });
    await queue.runPendingJobs({ db: db });
    await makeDue();
    const result = await queue.runPendingJobs({ db: db });
    expect(result).toEqual({ processed: 1, succeeded: 0, failed: 1, retried: 0 });

    const stored = await readJob(job.id);
    expect(stored).toMatchObject({ status: "failed", attempts: 2, error: "boom 2", locked_by: null });
    expect(stored.completed_at).toBeInstanceOf(Date);
  });

  it("pending -> failed: a job without a registered task fails with 'Unknown task slug' and runs nothing", async () => {
    const job = await queue.enqueue(db, "test/nobody-handles-this", {}, { organizationId: org, maxAttempts: 5 });
    const result = await queue.runPendingJobs({ db: db });
    expect(result).toEqual({ processed: 1, succeeded: 0, failed: 1, retried: 0 });
    expect(calls).toHaveLength(0);
    expect(await readJob(job.id)).toMatchObject({ status: "failed", error: "Unknown task slug", attempts: 0 });
  });

  it("processing -> pending: of several exclusive jobs with one key in a batch only the oldest runs, the others keep their attempts", async () => {
    const first = await queue.enqueue(db, "test/keyed", { key: "k", n: 1 }, { organizationId: org });
    const second = await queue.enqueue(db, "test/keyed", { key: "k", n: 2 }, { organizationId: org });
    const other = await queue.enqueue(db, "test/keyed", { key: "other", n: 3 }, { organizationId: org });
    const otherOrg = await queue.enqueue(db, "test/keyed", { key: "k", n: 4 }, { organizationId: "org_2" });

    const result = await queue.runPendingJobs({ db: db, limit: 10 });
    expect(result.processed).toBe(3);
    expect(calls.map((call) => call.job.id).sort()).toEqual([first.id, other.id, otherOrg.id].sort());
    expect(await readJob(second.id)).toMatchObject({ status: "pending", attempts: 0 });

    await queue.runPendingJobs({ db: db });
    expect(await readJob(second.id)).toMatchObject({ status: "succeeded", attempts: 1 });
  });

  it("failed -> pending: retry re-enqueues a failed job of the organization and returns it", async () => {
    failuresLeft = 1;
    const job = await queue.enqueue(db, "test/flaky", {}, { organizationId: org, maxAttempts: 1 });
    await queue.runPendingJobs({ db: db });
    expect(await readJob(job.id)).toMatchObject({ status: "failed" });

    expect(await queue.retry(db, { organizationId: "org_2", id: job.id })).toBeNull();
    expect(await queue.retry(db, { organizationId: org, id: "not-a-uuid" })).toBeNull();
    const retried = await queue.retry(db, { organizationId: org, id: job.id });
    expect(retried).toMatchObject({ id: job.id, status: "pending", attempts: 0, waitUntil: null, completedAt: null });
    // Only failed jobs can be retried.
    expect(await queue.retry(db, { organizationId: org, id: job.id })).toBeNull();

    expect(await queue.runPendingJobs({ db: db })).toMatchObject({ succeeded: 1 });
    expect(await readJob(job.id)).toMatchObject({ status: "succeeded", attempts: 1 });
  });

  it("lists an organization's failed jobs, newest failure first, with the total", async () => {
    failuresLeft = 10;
    for (let n = 0; n < 3; n += 1)
      await queue.enqueue(db, "test/flaky", { n }, { organizationId: org, maxAttempts: 1 });
    await queue.enqueue(db, "test/flaky", {}, { organizationId: "org_2", maxAttempts: 1 });
    await queue.runPendingJobs({ db: db });

    const page = await queue.listFailed(db, { organizationId: org, limit: 2, offset: 0 });
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(2);
    expect(page.items.every((item) => item.organizationId === org && item.status === "failed")).toBe(true);
    const rest = await queue.listFailed(db, { organizationId: org, limit: 2, offset: 2 });
    expect(rest.items).toHaveLength(1);
    expect(new Set([...page.items, ...rest.items].map((item) => item.id)).size).toBe(3);
  });

  it("does not claim a delayed job before its time", async () => {
    const job = await queue.enqueue(db, "test/echo", {}, { organizationId: org, delayMs: 60_000 });
    expect(job.waitUntil).toBeInstanceOf(Date);
    expect((await queue.runPendingJobs({ db: db })).processed).toBe(0);
    await makeDue();
    expect((await queue.runPendingJobs({ db: db })).processed).toBe(1);
  });

  it("hands handlers the runner's own typed database handle", async () => {
    const typed: TaskDefinition<{ n: number }, number, { base: number }, Kysely<TestTables>> = {
      slug: "test/typed",
      handler: async (input, context) => {
        const rows = await context.db
          .withoutPlugins()
          .selectFrom("jobs")
          .select("id")
          .where("id", "=", context.job.id)
          .execute();
        return context.services.base + input.n + rows.length;
      },
    };
    const typedQueue = createJobQueue<{ base: number }, Kysely<TestTables>>({ tasks: [typed], services: { base: 40 } });
    const job = await typedQueue.enqueue(db, "test/typed", { n: 1 }, { organizationId: org });
    await typedQueue.runPendingJobs({ db: db });
    expect(await readJob(job.id)).toMatchObject({ status: "succeeded", output: 42 });
  });

  it("works the same with durable (synchronous) commits of claims and results", async () => {
    const durable = createJobQueue({ tasks, isAsyncCommit: false });
    failuresLeft = 1;
    const job = await durable.enqueue(db, "test/flaky", {}, { organizationId: org });
    expect(await durable.runPendingJobs({ db: db })).toMatchObject({ retried: 1 });
    await makeDue();
    expect(await durable.runPendingJobs({ db: db })).toMatchObject({ succeeded: 1 });
    expect(await readJob(job.id)).toMatchObject({ status: "succeeded", attempts: 2 });
  });

  it("leaves jobs of other queues alone", async () => {
    await queue.enqueue(db, "test/echo", {}, { organizationId: org, queue: "emails" });
    expect((await queue.runPendingJobs({ db: db })).processed).toBe(0);
    expect((await queue.runPendingJobs({ db: db, queue: "emails" })).processed).toBe(1);
    expect(await jobStates(db)).toMatchObject([{ status: "succeeded" }]);
  });

  async function readJob(id: string): Promise<Record<string, unknown>> {
    const result = await sql<Record<string, unknown>>`select * from jobs where id = ${id}`.execute(db.withoutPlugins());
    const row = result.rows[0];
    if (!row) throw new Error(`job ${id} not found`);
    return row;
  }

  async function makeDue(): Promise<void> {
    await sql`update jobs set wait_until = null where status = 'pending'`.execute(db.withoutPlugins());
  }
});
