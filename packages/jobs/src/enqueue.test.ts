import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createJobQueue, isJobsError, JOBS_NOTIFY_CHANNEL, JobsError, type TaskDefinition } from "./index.js";
import {
  createJobsTestDatabase,
  isPostgresTestRun,
  jobStates,
  DATABASE_VIEWS,
  viewDatabase,
  type JobsTestDatabase,
  type TestTables,
} from "./testing/jobs-test-database.js";

const org = "org_1";

interface SyncInput {
  storeId: string;
  page?: number;
}

const syncTask: TaskDefinition<SyncInput> = {
  slug: "channel/sync-inventory",
  retries: { attempts: 4, backoff: { type: "fixed", delay: 1000 } },
  concurrency: { key: (input) => `store:${input.storeId}`, supersedes: true },
  handler: () => undefined,
};

// One database per file; each variant below views it with or without the kernel's CamelCasePlugin.
let database: JobsTestDatabase;
beforeAll(async () => {
  database = await createJobsTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe.each(DATABASE_VIEWS)("enqueue ($label)", ({ withCamelCase }) => {
  let db: Kysely<TestTables>;
  const queue = createJobQueue({ tasks: [syncTask, { slug: "test/plain", handler: () => "done" }] });

  beforeAll(() => {
    db = viewDatabase(database.db, withCamelCase);
  });
  beforeEach(async () => {
    await sql`delete from jobs`.execute(db.withoutPlugins());
  });

  it.each(["", "   ", undefined])(
    "rejects the blank organizationId %j with INVALID_ENQUEUE",
    async (organizationId) => {
      const attempt = queue.enqueue(db, "test/plain", {}, { organizationId: organizationId as string });
      await expect(attempt).rejects.toBeInstanceOf(JobsError);
      await expect(attempt).rejects.toMatchObject({ code: "INVALID_ENQUEUE" });
      expect(await jobStates(db)).toEqual([]);
    },
  );

  it("rejects invalid maxAttempts and delays", async () => {
    for (const options of [{ maxAttempts: 0 }, { maxAttempts: 1.5 }, { delayMs: -1 }, { delayMs: Number.NaN }]) {
      const error = await queue
        .enqueue(db, "test/plain", {}, { organizationId: org, ...options })
        .catch((caught: unknown) => caught);
      expect(isJobsError(error, "INVALID_ENQUEUE")).toBe(true);
    }
  });

  it("takes maxAttempts and the concurrency key from the task, and defaults input to {}", async () => {
    const job = await queue.enqueue(db, "channel/sync-inventory", { storeId: "s1" }, { organizationId: org });
    expect(job).toMatchObject({ maxAttempts: 4, concurrencyKey: "store:s1", isExclusive: true, queue: "default" });
    const plain = await queue.enqueue(db, "test/plain", undefined, { organizationId: org });
    expect(plain).toMatchObject({ maxAttempts: 1, concurrencyKey: null, isExclusive: false, input: {} });
    const overridden = await queue.enqueue(db, "test/plain", [1, 2], {
      organizationId: org,
      maxAttempts: 7,
      concurrencyKey: "x",
      queue: "q",
    });
    expect(overridden).toMatchObject({ maxAttempts: 7, concurrencyKey: "x", queue: "q", input: [1, 2] });
  });

  it("supersedes: only the newest pending job of a task, organization and key stays", async () => {
    await queue.enqueue(db, "channel/sync-inventory", { storeId: "s1", page: 1 }, { organizationId: org });
    await queue.enqueue(db, "channel/sync-inventory", { storeId: "s1", page: 2 }, { organizationId: org });
    const newest = await queue.enqueue(
      db,
      "channel/sync-inventory",
      { storeId: "s1", page: 3 },
      { organizationId: org },
    );
    const otherKey = await queue.enqueue(db, "channel/sync-inventory", { storeId: "s2" }, { organizationId: org });
    const otherOrg = await queue.enqueue(db, "channel/sync-inventory", { storeId: "s1" }, { organizationId: "org_2" });
    const notSuperseding = await queue.enqueue(
      db,
      "channel/sync-inventory",
      { storeId: "s1", page: 4 },
      { organizationId: org, supersedes: false },
    );

    const ids = (await jobStates(db)).map((job) => job.id).sort();
    expect(ids).toEqual([newest.id, otherKey.id, otherOrg.id, notSuperseding.id].sort());
  });

  it("supersedes never removes a job that is already processing", async () => {
    const running = await queue.enqueue(db, "channel/sync-inventory", { storeId: "s1" }, { organizationId: org });
    await sql`update jobs set status = 'processing' where id = ${running.id}`.execute(db.withoutPlugins());
    const next = await queue.enqueue(db, "channel/sync-inventory", { storeId: "s1" }, { organizationId: org });
    expect((await jobStates(db)).map((job) => job.id)).toEqual([running.id, next.id]);
  });

  it("a job enqueued in a rolled-back transaction does not exist; a committed one does", async () => {
    const rollback = new Error("roll back");
    let enqueuedId = "";
    await expect(
      db.transaction().execute(async (trx) => {
        const job = await queue.enqueue(trx, "test/plain", {}, { organizationId: org });
        enqueuedId = job.id;
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(enqueuedId).not.toBe("");
    expect(await jobStates(db)).toEqual([]);
    expect((await queue.runPendingJobs({ db: db })).processed).toBe(0);

    const committed = await db
      .transaction()
      .execute((trx) => queue.enqueue(trx, "test/plain", {}, { organizationId: org }));
    expect((await jobStates(db)).map((job) => job.id)).toEqual([committed.id]);
  });

  it("accepts tasks it has no handler for, so producers need not load the workers' code", async () => {
    const job = await queue.enqueue(db, "elsewhere/task", { a: 1 }, { organizationId: org });
    expect(job).toMatchObject({ taskSlug: "elsewhere/task", status: "pending" });
  });
});

describe.skipIf(!isPostgresTestRun)("enqueue notifications (PostgreSQL)", () => {
  let database: JobsTestDatabase;
  let listener: pg.Client;
  const received: string[] = [];

  beforeAll(async () => {
    database = await createJobsTestDatabase();
    listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    listener.on("notification", (message) => received.push(message.payload ?? ""));
    await listener.query(`listen ${JOBS_NOTIFY_CHANNEL}`);
  });
  afterAll(async () => {
    await listener.end();
    await database.close();
  });
  beforeEach(async () => {
    received.length = 0;
    await sql`delete from jobs`.execute(database.db.withoutPlugins());
  });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
  // NOTIFY is database-wide: other test files enqueue on the same channel at the same time, so each test
  // sends to queues of its own and counts only those.
  const run = randomUUID().slice(0, 8);
  const queueName = (name: string) => `${name}-${run}`;
  const receivedFor = (...names: string[]) => received.filter((payload) => names.map(queueName).includes(payload));

  it("when-idle: notifies an empty queue once, not while due jobs wait, never for a delayed job", async () => {
    const queue = createJobQueue({ tasks: [] });
    await queue.enqueue(database.db, "test/plain", {}, { organizationId: org, queue: queueName("mail") });
    await queue.enqueue(database.db, "test/plain", {}, { organizationId: org, queue: queueName("mail") });
    await queue.enqueue(
      database.db,
      "test/plain",
      {},
      { organizationId: org, queue: queueName("other"), delayMs: 5000 },
    );
    await settle();
    expect(receivedFor("mail", "other")).toEqual([queueName("mail")]);
  });

  it("always: notifies every due enqueue, once per statement", async () => {
    const queue = createJobQueue({ tasks: [], notify: "always" });
    await queue.enqueue(database.db, "test/plain", {}, { organizationId: org, queue: queueName("always") });
    await queue.enqueue(database.db, "test/plain", {}, { organizationId: org, queue: queueName("always") });
    await settle();
    expect(receivedFor("always")).toEqual([queueName("always"), queueName("always")]);
  });

  it("sends nothing for an enqueue whose transaction rolls back", async () => {
    const queue = createJobQueue({ tasks: [], notify: "always" });
    await database.db
      .transaction()
      .execute(async (trx) => {
        await queue.enqueue(trx, "test/plain", {}, { organizationId: org, queue: queueName("rolled-back") });
        throw new Error("roll back");
      })
      .catch(() => undefined);
    await settle();
    expect(receivedFor("rolled-back")).toEqual([]);
  });
});
