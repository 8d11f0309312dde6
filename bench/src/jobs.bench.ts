/**
 * @unified-commerce/jobs against graphile-worker (default configuration, silent logger), side by side in
 * one run on the same PostgreSQL, each in its own schema (dropped afterwards):
 * - drain: 20,000 no-op jobs, concurrency 10, one process. Target: jobs/s ratio >= 1.0x.
 * - idle latency: 200 jobs enqueued one at a time, enqueue to handler start, workers woken by
 *   LISTEN/NOTIFY. Target: p50 <= 5 ms, p99 <= 25 ms.
 * - enqueue: 2,000 single enqueues from 10 concurrent callers. Target: ratio to `addJob` >= 1.0x.
 * `pnpm bench jobs` runs only this file. JOBS_BENCH_DRAIN (default 20000) and JOBS_BENCH_ROUNDS (default 2)
 * scale it; each rate is the best of the rounds, which alternate which queue goes first.
 */
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { createJobQueue, migrateJobs, type ListenFunction } from "@unified-commerce/jobs";
import { Logger, makeWorkerUtils, run, type Runner, type WorkerUtils } from "graphile-worker";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const drainCount = Number(process.env.JOBS_BENCH_DRAIN ?? 20_000);
const rounds = Number(process.env.JOBS_BENCH_ROUNDS ?? 2);
const latencyCount = 200;
const enqueueCount = 2_000;
const callers = 10;
const concurrency = 10;
const ucSchema = "bench_jobs_uc";
const gwSchema = "bench_jobs_graphile";
const silentGraphileLogger = new Logger(() => () => {});

// ---------------------------------------------------------------- setup

const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(
  `drop schema if exists ${ucSchema} cascade; drop schema if exists ${gwSchema} cascade; create schema ${ucSchema}`,
);

const ucPool = new pg.Pool({ connectionString: url, max: concurrency, options: `-c search_path=${ucSchema}` });
const ucDb = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: ucPool }) });
await migrateJobs(ucDb);
const gwPool = new pg.Pool({ connectionString: url, max: concurrency });
gwPool.on("error", () => {});
gwPool.on("connect", (client) => client.on("error", () => {}));
ucPool.on("error", () => {});
const gwUtils: WorkerUtils = await makeWorkerUtils({ pgPool: gwPool, schema: gwSchema, logger: silentGraphileLogger });
await gwUtils.migrate();

const listenClient = new pg.Client({ connectionString: url });
await listenClient.connect();
// Our worker's wake-up: one dedicated connection, as the README recommends.
const listen: ListenFunction = async (channel, onNotify) => {
  const handler = (message: pg.Notification) => {
    if (message.channel === channel) onNotify(message.payload ?? "");
  };
  listenClient.on("notification", handler);
  await listenClient.query(`listen ${channel}`);
  return async () => {
    listenClient.off("notification", handler);
    await listenClient.query(`unlisten ${channel}`);
  };
};

/** A handler hook each measurement swaps: called with the job's payload when a handler starts. */
let onHandlerStart: (payload: { n?: number }) => void = () => {};

const ucQueue = createJobQueue({
  tasks: [{ slug: "bench/noop", handler: (input) => void onHandlerStart(input as { n?: number }) }],
});
const ucQueueAlwaysNotify = createJobQueue({ tasks: [], notify: "always" });
// Same tasks, but claims and results wait for the WAL flush as graphile-worker's do.
const ucQueueDurable = createJobQueue({
  tasks: [{ slug: "bench/noop", handler: (input) => void onHandlerStart(input as { n?: number }) }],
  isAsyncCommit: false,
});
const graphileTasks = { noop: async (payload: unknown) => void onHandlerStart(payload as { n?: number }) };

async function resetTables(): Promise<void> {
  await sql`truncate jobs`.execute(ucDb);
  await gwPool.query(`delete from ${gwSchema}._private_jobs`);
  await admin.query(`vacuum analyze ${ucSchema}.jobs`);
  await admin.query(`vacuum analyze ${gwSchema}._private_jobs`);
}

// ---------------------------------------------------------------- drain

async function seedOurs(count: number): Promise<void> {
  await sql`insert into jobs (organization_id, task_slug, input)
    select 'bench', 'bench/noop', jsonb_build_object('n', n) from generate_series(1, ${count}) as n`.execute(ucDb);
}

async function seedGraphile(count: number): Promise<void> {
  for (let from = 0; from < count; from += 1000) {
    const specs = Array.from({ length: Math.min(1000, count - from) }, (_, index) => ({
      identifier: "noop",
      payload: { n: from + index },
    }));
    await gwUtils.addJobs(specs);
  }
}

function countHandlers(target: number): Promise<void> {
  let seen = 0;
  return new Promise((resolve) => {
    onHandlerStart = () => {
      seen += 1;
      if (seen === target) resolve();
    };
  });
}

async function untilZero(count: () => Promise<number | undefined>): Promise<void> {
  const deadline = performance.now() + 30_000;
  for (let left = await count(); left !== 0; left = await count()) {
    if (performance.now() > deadline) throw new Error(`drain left ${left} jobs unfinished`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function drainOurs(count: number, queue = ucQueue): Promise<number> {
  await resetTables();
  await seedOurs(count);
  const done = countHandlers(count);
  const started = performance.now();
  const worker = queue.startWorker({ db: ucDb, concurrency, listen });
  await done;
  await worker.stop(); // includes writing the last results
  await untilZero(
    async () =>
      (await sql<{ n: number }>`select count(*)::int as n from jobs where status <> 'succeeded'`.execute(ucDb)).rows[0]
        ?.n,
  );
  return count / ((performance.now() - started) / 1000);
}

async function drainGraphile(count: number): Promise<number> {
  await resetTables();
  await seedGraphile(count);
  const done = countHandlers(count);
  const started = performance.now();
  const runner: Runner = await run({
    pgPool: gwPool,
    schema: gwSchema,
    concurrency,
    noHandleSignals: true,
    taskList: graphileTasks,
    logger: silentGraphileLogger,
  });
  await done;
  await runner.stop();
  // Drained means the table says so: graphile may still be writing its last completions.
  await untilZero(
    async () =>
      (await gwPool.query<{ n: number }>(`select count(*)::int as n from ${gwSchema}._private_jobs`)).rows[0]?.n,
  );
  return count / ((performance.now() - started) / 1000);
}

// ---------------------------------------------------------------- idle latency

async function latencies(enqueue: (n: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let n = 0; n < latencyCount; n += 1) {
    const started = performance.now();
    const handled = new Promise<number>((resolve) => (onHandlerStart = () => resolve(performance.now())));
    await enqueue(n);
    samples.push((await handled) - started);
    // Idle between jobs: let the previous one finish and the worker go back to waiting.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return samples;
}

async function latencyOurs(): Promise<number[]> {
  await resetTables();
  const worker = ucQueue.startWorker({ db: ucDb, concurrency, listen });
  await worker.ready;
  try {
    return await latencies((n) => ucQueue.enqueue(ucDb, "bench/noop", { n }, { organizationId: "bench" }));
  } finally {
    await worker.stop();
  }
}

async function latencyGraphile(): Promise<number[]> {
  await resetTables();
  const runner = await run({
    pgPool: gwPool,
    schema: gwSchema,
    concurrency,
    noHandleSignals: true,
    taskList: graphileTasks,
    logger: silentGraphileLogger,
  });
  await new Promise((resolve) => setTimeout(resolve, 200)); // its LISTEN connection settles
  try {
    return await latencies((n) => gwUtils.addJob("noop", { n }));
  } finally {
    await runner.stop();
  }
}

// ---------------------------------------------------------------- enqueue

async function enqueueRate(enqueue: (n: number) => Promise<unknown>): Promise<number> {
  await resetTables();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async () => {
      for (let n = next++; n < enqueueCount; n = next++) await enqueue(n);
    }),
  );
  return enqueueCount / ((performance.now() - started) / 1000);
}

// ---------------------------------------------------------------- run

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const best = (values: number[]): number => Math.max(...values);

const results = {
  drain: { uc: [] as number[], ucDurable: [] as number[], gw: [] as number[] },
  enqueue: { uc: [] as number[], ucAlways: [] as number[], gw: [] as number[] },
};
let ucLatency: number[] = [];
let gwLatency: number[] = [];
try {
  // Warm-up: JIT, pools, plans and graphile's task cache, not measured.
  await drainOurs(1000);
  await drainGraphile(1000);

  for (let round = 0; round < rounds; round += 1) {
    const isOursFirst = round % 2 === 0;
    const drains = {
      uc: () => drainOurs(drainCount),
      ucDurable: () => drainOurs(drainCount, ucQueueDurable),
      gw: () => drainGraphile(drainCount),
    };
    for (const which of (isOursFirst
      ? ["uc", "ucDurable", "gw"]
      : ["gw", "ucDurable", "uc"]) as (keyof typeof drains)[]) {
      const rate = await drains[which]();
      results.drain[which].push(rate);
      console.log(`drain round ${round + 1}: ${which} ${rate.toFixed(0)} jobs/s`);
    }
    const enqueuers = {
      uc: (n: number) => ucQueue.enqueue(ucDb, "bench/noop", { n }, { organizationId: "bench" }),
      ucAlways: (n: number) => ucQueueAlwaysNotify.enqueue(ucDb, "bench/noop", { n }, { organizationId: "bench" }),
      gw: (n: number) => gwUtils.addJob("noop", { n }),
    };
    for (const which of (isOursFirst
      ? ["uc", "ucAlways", "gw"]
      : ["gw", "ucAlways", "uc"]) as (keyof typeof enqueuers)[]) {
      const rate = await enqueueRate(enqueuers[which]);
      results.enqueue[which].push(rate);
      console.log(`enqueue round ${round + 1}: ${which} ${rate.toFixed(0)} jobs/s`);
    }
  }
  ucLatency = await latencyOurs();
  gwLatency = await latencyGraphile();
} finally {
  await gwUtils.release();
  await ucDb.destroy();
  await gwPool.end().catch(() => undefined);
  await listenClient.end();
  await admin.query(`drop schema if exists ${ucSchema} cascade; drop schema if exists ${gwSchema} cascade`);
  await admin.end();
}

// ---------------------------------------------------------------- report

const fmt = (value: number, digits = 0) => value.toFixed(digits);
const verdict = (isMet: boolean) => (isMet ? "met" : "NOT met");
const drainRatio = best(results.drain.uc) / best(results.drain.gw);
const drainDurableRatio = best(results.drain.ucDurable) / best(results.drain.gw);
const enqueueRatio = best(results.enqueue.uc) / best(results.enqueue.gw);
const enqueueAlwaysRatio = best(results.enqueue.ucAlways) / best(results.enqueue.gw);
const p50 = percentile(ucLatency, 50);
const p99 = percentile(ucLatency, 99);

const report = [
  `### Drain ${drainCount.toLocaleString("en")} no-op jobs, concurrency ${concurrency}, one process`,
  "",
  "| queue | jobs/s (best) | rounds | ratio |",
  "|---|---|---|---|",
  `| graphile-worker 0.18 (defaults) | ${fmt(best(results.drain.gw))} | ${results.drain.gw.map((rate) => fmt(rate)).join(", ")} | 1.00x |`,
  `| @unified-commerce/jobs (defaults: async commit of claims and results) | ${fmt(best(results.drain.uc))} | ${results.drain.uc.map((rate) => fmt(rate)).join(", ")} | ${fmt(drainRatio, 2)}x |`,
  `| @unified-commerce/jobs, isAsyncCommit: false | ${fmt(best(results.drain.ucDurable))} | ${results.drain.ucDurable.map((rate) => fmt(rate)).join(", ")} | ${fmt(drainDurableRatio, 2)}x |`,
  "",
  `Drain ratio: ${fmt(drainRatio, 2)}x (target 1.00x): ${verdict(drainRatio >= 1)}; with durable commits ${fmt(drainDurableRatio, 2)}x`,
  "",
  `### Idle latency, enqueue to handler start, ${latencyCount} jobs one at a time (LISTEN/NOTIFY)`,
  "",
  "| queue | p50 ms | p99 ms | mean ms | max ms |",
  "|---|---|---|---|---|",
  `| graphile-worker 0.18 | ${fmt(percentile(gwLatency, 50), 2)} | ${fmt(percentile(gwLatency, 99), 2)} | ${fmt(gwLatency.reduce((a, b) => a + b, 0) / gwLatency.length, 2)} | ${fmt(Math.max(...gwLatency), 2)} |`,
  `| @unified-commerce/jobs | ${fmt(p50, 2)} | ${fmt(p99, 2)} | ${fmt(ucLatency.reduce((a, b) => a + b, 0) / ucLatency.length, 2)} | ${fmt(Math.max(...ucLatency), 2)} |`,
  "",
  `Latency p50 ${fmt(p50, 2)} ms (target 5 ms): ${verdict(p50 <= 5)}; p99 ${fmt(p99, 2)} ms (target 25 ms): ${verdict(p99 <= 25)}`,
  "",
  `### ${enqueueCount.toLocaleString("en")} single enqueues, ${callers} concurrent callers, pools of ${concurrency}`,
  "",
  "| enqueue | jobs/s (best) | rounds | ratio |",
  "|---|---|---|---|",
  `| graphile-worker addJob (one NOTIFY per job) | ${fmt(best(results.enqueue.gw))} | ${results.enqueue.gw.map((rate) => fmt(rate)).join(", ")} | 1.00x |`,
  `| jobs enqueue, notify "when-idle" (default) | ${fmt(best(results.enqueue.uc))} | ${results.enqueue.uc.map((rate) => fmt(rate)).join(", ")} | ${fmt(enqueueRatio, 2)}x |`,
  `| jobs enqueue, notify "always" | ${fmt(best(results.enqueue.ucAlways))} | ${results.enqueue.ucAlways.map((rate) => fmt(rate)).join(", ")} | ${fmt(enqueueAlwaysRatio, 2)}x |`,
  "",
  `Enqueue ratio (default): ${fmt(enqueueRatio, 2)}x (target 1.00x): ${verdict(enqueueRatio >= 1)}`,
].join("\n");

console.log(`\n${report}`);
writeFileSync(
  new URL("../results/jobs.md", import.meta.url),
  `# Jobs benchmark\n\n${new Date().toISOString()}, PostgreSQL ${process.env.BENCH_DATABASE_URL ? "BENCH_DATABASE_URL" : "127.0.0.1:5432/test"}, one Node process, ` +
    `${rounds} rounds (alternating which queue goes first) after a 1,000-job warm-up; rates are the best round. ` +
    `Both queues log nothing; graphile-worker otherwise runs with its defaults (pool of ${concurrency}). ` +
    `Our jobs are seeded with one INSERT ... SELECT, graphile's with addJobs in batches of 1,000 (seeding is not timed). ` +
    `Our worker claims up to 100 jobs per round trip (sized from measured claim and handler times) and writes results in batches; ` +
    `by default its claims and results commit with synchronous_commit off (a crash can only make jobs run again), ` +
    `so the drain is also measured with isAsyncCommit: false, which waits for the WAL flush as graphile-worker does. ` +
    `Idle latency: the same worker with \`listen\` on a dedicated pg.Client; graphile-worker uses its own LISTEN.\n\n${report}\n`,
);
