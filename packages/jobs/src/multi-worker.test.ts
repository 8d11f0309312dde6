import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createJobQueue, type TaskDefinition } from "./index.js";
import {
  createJobsTestDatabase,
  isPostgresTestRun,
  jobStates,
  type JobsTestDatabase,
} from "./testing/jobs-test-database.js";
import { waitFor } from "./testing/wait-for.js";

const org = "org_1";
const workerScript = fileURLToPath(new URL("./testing/worker-process.ts", import.meta.url));

function startWorkerProcess(database: JobsTestDatabase, mode: "drain" | "hang", id: string): Promise<ChildProcess> {
  const child = fork(workerScript, [database.url ?? "", database.schema ?? "", mode, id], {
    execArgv: ["--conditions=source", "--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`worker ${id} exited early with ${code}`)));
    child.on("message", (message) => {
      if ((message as { ready?: boolean }).ready) {
        child.removeAllListeners("exit");
        resolve(child);
      }
    });
  });
}

function stopWorkerProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.send("stop");
  });
}

// Real concurrency needs real connections: PGlite has one.
describe.skipIf(!isPostgresTestRun)("several workers on one queue (PostgreSQL)", () => {
  let database: JobsTestDatabase;

  beforeAll(async () => {
    database = await createJobsTestDatabase();
    await sql`create table job_runs (job_id uuid not null, worker text not null, key text, started_at timestamptz, finished_at timestamptz)`.execute(
      database.db,
    );
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await sql`delete from jobs; delete from job_runs`.execute(database.db);
  });

  it("three worker processes draining one queue run each job exactly once and never two jobs of an exclusive key at once", async () => {
    const producer = createJobQueue({ tasks: [] });
    const workers = await Promise.all(["w1", "w2", "w3"].map((id) => startWorkerProcess(database, "drain", id)));
    try {
      // Enqueued while the workers run, so they compete for every claim.
      for (let n = 0; n < 300; n += 1) {
        await producer.enqueue(database.db, "test/record", { n }, { organizationId: org });
        if (n % 10 === 0)
          await producer.enqueue(
            database.db,
            "test/keyed",
            { key: `k${n % 3}` },
            { organizationId: org, concurrencyKey: `k${n % 3}` },
          );
      }
      await waitFor(
        async () => (await jobStates(database.db)).every((job) => job.status === "succeeded"),
        60_000,
        "all jobs done",
      );
    } finally {
      await Promise.all(workers.map(stopWorkerProcess));
    }

    const runs = await sql<{
      job_id: string;
      runs: number;
    }>`select job_id, count(*)::int as runs from job_runs group by job_id`.execute(database.db);
    expect(runs.rows).toHaveLength(330);
    expect(runs.rows.every((row) => row.runs === 1)).toBe(true);
    const overlaps = await sql<{ count: number }>`
      select count(*)::int as count from job_runs a join job_runs b
        on a.key = b.key and a.job_id < b.job_id and a.started_at < b.finished_at and b.started_at < a.finished_at
    `.execute(database.db);
    expect(overlaps.rows[0]?.count).toBe(0);
    const attempts = await sql<{ max: number }>`select max(attempts)::int as max from jobs`.execute(database.db);
    expect(attempts.rows[0]?.max).toBe(1);
  }, 90_000);

  it("three queues on separate pools in one process never run a job twice or an exclusive key twice at once", async () => {
    const runsById = new Map<string, number>();
    const activeByKey = new Map<string, number>();
    let overlaps = 0;
    const tasks: TaskDefinition[] = [
      {
        slug: "test/keyed",
        concurrency: { key: (input) => (input as { key: string }).key },
        handler: async (_input, context) => {
          const key = context.job.concurrencyKey ?? "";
          runsById.set(context.job.id, (runsById.get(context.job.id) ?? 0) + 1);
          activeByKey.set(key, (activeByKey.get(key) ?? 0) + 1);
          if ((activeByKey.get(key) ?? 0) > 1) overlaps += 1;
          await new Promise((resolve) => setTimeout(resolve, 2));
          activeByKey.set(key, (activeByKey.get(key) ?? 0) - 1);
        },
      },
      {
        slug: "test/plain",
        handler: (_input, context) => void runsById.set(context.job.id, (runsById.get(context.job.id) ?? 0) + 1),
      },
    ];
    const pools = [database.openPool(4), database.openPool(4), database.openPool(4)];
    const workers = pools.map((pool, index) =>
      createJobQueue({ tasks, workerId: `pool-${index}` }).startWorker({ db: pool.db, concurrency: 4, intervalMs: 10 }),
    );
    try {
      const producer = createJobQueue({ tasks });
      for (let n = 0; n < 200; n += 1) {
        await producer.enqueue(
          database.db,
          n % 2 === 0 ? "test/keyed" : "test/plain",
          { key: `k${n % 4}` },
          { organizationId: org },
        );
      }
      await waitFor(
        async () => (await jobStates(database.db)).every((job) => job.status === "succeeded"),
        60_000,
        "all jobs done",
      );
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
      await Promise.all(pools.map((pool) => pool.close()));
    }
    expect(runsById.size).toBe(200);
    expect([...runsById.values()].every((count) => count === 1)).toBe(true);
    expect(overlaps).toBe(0);
  }, 90_000);

  it("a worker killed mid-job: the job runs again once its lease expires and reapStale hands it back", async () => {
    let reruns = 0;
    const queue = createJobQueue({ tasks: [{ slug: "test/hang", handler: () => void (reruns += 1) }] });
    const child = await startWorkerProcess(database, "hang", "doomed");
    try {
      const started = new Promise<string>((resolve) =>
        child.on("message", (message) => {
          const { started: id } = message as { started?: string };
          if (id) resolve(id);
        }),
      );
      const job = await queue.enqueue(database.db, "test/hang", {}, { organizationId: org, maxAttempts: 2 });
      expect(await started).toBe(job.id);
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
    const [job] = await jobStates(database.db);
    expect(job).toMatchObject({ status: "processing", attempts: 1 });

    // The lease (1 s) still holds: nothing to reap, nothing to claim.
    expect(await queue.reapStale(database.db)).toBe(0);
    expect((await queue.runPendingJobs({ db: database.db })).processed).toBe(0);

    await waitFor(async () => (await queue.reapStale(database.db)) === 1, 10_000, "the lease to expire");
    expect(await queue.runPendingJobs({ db: database.db })).toMatchObject({ processed: 1, succeeded: 1 });
    expect(reruns).toBe(1);
    expect(await jobStates(database.db)).toEqual([{ id: job?.id, status: "succeeded", attempts: 2 }]);
  }, 30_000);
});
