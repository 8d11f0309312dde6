import { sql, type Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createJobQueue, type ListenFunction } from "./index.js";
import {
  createJobsTestDatabase,
  isPostgresTestRun,
  jobStates,
  DATABASE_VIEWS,
  viewDatabase,
  type JobsTestDatabase,
  type TestTables,
} from "./testing/jobs-test-database.js";
import { waitFor } from "./testing/wait-for.js";

const org = "org_1";

// One database per file; each variant below views it with or without the kernel's CamelCasePlugin.
let database: JobsTestDatabase;
beforeAll(async () => {
  database = await createJobsTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe.each(DATABASE_VIEWS)("startWorker ($label)", ({ withCamelCase }) => {
  let db: Kysely<TestTables>;

  beforeAll(() => {
    db = viewDatabase(database.db, withCamelCase);
  });
  beforeEach(async () => {
    await sql`delete from jobs`.execute(db.withoutPlugins());
  });

  const allSucceeded = async () => (await jobStates(db)).every((job) => job.status === "succeeded");

  it("drains a queue, including jobs enqueued while it polls", async () => {
    const seen = new Set<number>();
    const queue = createJobQueue({
      tasks: [{ slug: "test/seen", handler: (input) => void seen.add((input as { n: number }).n) }],
    });
    for (let n = 0; n < 25; n += 1) await queue.enqueue(db, "test/seen", { n }, { organizationId: org });
    const worker = queue.startWorker({ db: db, concurrency: 4, intervalMs: 20 });
    await worker.ready;
    await waitFor(() => seen.size === 25, 15_000, "first 25 jobs");
    for (let n = 25; n < 30; n += 1) await queue.enqueue(db, "test/seen", { n }, { organizationId: org });
    await waitFor(() => seen.size === 30, 15_000, "jobs enqueued later");
    await worker.stop();
    await waitFor(allSucceeded, 5000, "results stored");
  });

  it("stop() waits for running handlers and hands back claimed jobs it never started, attempts untouched", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    const queue = createJobQueue({
      tasks: [
        {
          slug: "test/gated",
          handler: async () => {
            started += 1;
            await gate;
          },
        },
      ],
    });
    for (let n = 0; n < 6; n += 1) await queue.enqueue(db, "test/gated", { n }, { organizationId: org });
    // 2 run, 2 more wait claimed in memory.
    const worker = queue.startWorker({ db: db, concurrency: 2, batchSize: 2, intervalMs: 20 });
    await waitFor(() => started === 2, 15_000, "two handlers started");
    const stopping = worker.stop();
    release();
    await stopping;

    const states = await jobStates(db);
    expect(states.filter((job) => job.status === "succeeded")).toHaveLength(2);
    expect(states.filter((job) => job.status === "pending").every((job) => job.attempts === 0)).toBe(true);
    expect(states.filter((job) => job.status === "pending")).toHaveLength(4);
    expect(started).toBe(2);
  });

  it("runs the jobs of one exclusive key one after another", async () => {
    let active = 0;
    let maxActive = 0;
    const queue = createJobQueue({
      tasks: [
        {
          slug: "test/exclusive",
          concurrency: { key: () => "same" },
          handler: async () => {
            active += 1;
            maxActive = Math.max(maxActive, active);
            await new Promise((resolve) => setTimeout(resolve, 5));
            active -= 1;
          },
        },
      ],
    });
    for (let n = 0; n < 8; n += 1) await queue.enqueue(db, "test/exclusive", { n }, { organizationId: org });
    const worker = queue.startWorker({ db: db, concurrency: 5, intervalMs: 20 });
    await waitFor(allSucceeded, 15_000, "exclusive jobs");
    await worker.stop();
    expect(maxActive).toBe(1);
  });
});

describe.skipIf(!isPostgresTestRun)("startWorker wake-up by LISTEN/NOTIFY (PostgreSQL)", () => {
  let database: JobsTestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    database = await createJobsTestDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await database.close();
  });

  const listen: ListenFunction = async (channel, onNotify) => {
    const handler = (message: pg.Notification) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    };
    client.on("notification", handler);
    await client.query(`listen ${channel}`);
    return async () => {
      client.off("notification", handler);
      await client.query(`unlisten ${channel}`);
    };
  };

  it("starts a job long before the next poll when notified", async () => {
    let startedAt = 0;
    const queue = createJobQueue({ tasks: [{ slug: "test/now", handler: () => void (startedAt = Date.now()) }] });
    // A poll period no test would wait for: only the notification can wake the worker in time.
    const worker = queue.startWorker({ db: database.db, intervalMs: 60_000, listen });
    await worker.ready;
    const enqueuedAt = Date.now();
    await queue.enqueue(database.db, "test/now", {}, { organizationId: org });
    await waitFor(() => startedAt > 0, 5000, "the notified job");
    await worker.stop();
    expect(startedAt - enqueuedAt).toBeLessThan(5000);
  });
});
