/**
 * A worker in its own process for the multi-process tests: `worker-process.ts <url> <schema> <mode> <id>`.
 * `drain` records every run in `job_runs`; `hang` reports the job it started and never finishes it, so
 * the parent can kill the process mid-job. Talks to the parent over IPC: "ready", "started", "stop".
 */
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { createJobQueue, type TaskDefinition } from "../index.js";

const [url, schema, mode, workerId] = process.argv.slice(2);
if (!url || !schema || !workerId || (mode !== "drain" && mode !== "hang"))
  throw new Error("usage: worker-process.ts <url> <schema> drain|hang <id>");

const pool = new pg.Pool({ connectionString: url, max: 5, options: `-c search_path=${schema}` });
const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });

const record = async (jobId: string, key: string | null, work: () => Promise<void>) => {
  const started = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(db);
  await work();
  await sql`insert into job_runs (job_id, worker, key, started_at, finished_at)
    values (${jobId}, ${workerId}, ${key}, ${started.rows[0]?.now}, clock_timestamp())`.execute(db);
};

const tasks: TaskDefinition[] = [
  { slug: "test/record", handler: (_input, context) => record(context.job.id, null, async () => {}) },
  {
    slug: "test/keyed",
    concurrency: { key: (input) => (input as { key: string }).key },
    handler: (_input, context) =>
      record(context.job.id, context.job.concurrencyKey, () => new Promise((resolve) => setTimeout(resolve, 3))),
  },
  {
    slug: "test/hang",
    handler: (_input, context) => {
      process.send?.({ started: context.job.id });
      return new Promise(() => {});
    },
  },
];

const queue = createJobQueue({ tasks, workerId, leaseMs: mode === "hang" ? 1000 : 30_000 });
const worker = queue.startWorker({ db, concurrency: 5, intervalMs: 20, reapIntervalMs: 0 });
await worker.ready;
process.send?.({ ready: true });
process.on("message", (message) => {
  if (message !== "stop") return;
  void worker
    .stop()
    .then(() => db.destroy())
    .then(() => process.exit(0));
});
