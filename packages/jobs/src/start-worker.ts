import { claimJobs } from "./claim-jobs.js";
import { executeJob } from "./execute-job.js";
import type { JobRecord } from "./job-record.js";
import { createJobSettler } from "./job-settler.js";
import { createPrefetchSizer } from "./prefetch-sizer.js";
import type { JobsDb } from "./jobs-db.js";
import { JobsError } from "./jobs-error.js";
import { JOBS_NOTIFY_CHANNEL } from "./notify-mode.js";
import type { QueueRuntime } from "./queue-runtime.js";
import { reapStaleJobs } from "./reap-stale-jobs.js";
import { extendLeases } from "./settle-jobs.js";

/**
 * Subscribes to a PostgreSQL channel (LISTEN) and resolves with a function that unsubscribes. Give it a
 * dedicated connection: a pooled one would be handed to other queries and miss notifications.
 */
export type ListenFunction = (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;

/** Options of an in-process worker. */
export interface StartWorkerOptions<TDb extends JobsDb = JobsDb> {
  /** Handlers receive this handle as `context.db`; it must not be a transaction. */
  db: TDb;
  /** @default "default" */
  queue?: string;
  /** Handlers running at once. @default 10 */
  concurrency?: number;
  /**
   * Most jobs one claim takes. Claimed jobs beyond the running ones wait in memory under their lease;
   * how many is sized from the measured claim and handler times (see prefetch-sizer.ts).
   * @default 100
   */
  batchSize?: number;
  /** Poll period when no notification arrives (the only wake-up without `listen`). @default 1000 */
  intervalMs?: number;
  /** Wakes the worker as soon as a job is enqueued (LISTEN/NOTIFY). */
  listen?: ListenFunction;
  /** Period of `reapStale` calls from this worker; 0 turns them off. @default 60000 */
  reapIntervalMs?: number;
}

/** A running worker. */
export interface JobWorker {
  /** Resolves once the worker listens (when `listen` was given) and has made its first claim. */
  ready: Promise<void>;
  /** Stops claiming, hands back claimed jobs not started, waits for running ones and stores their results. */
  stop(): Promise<void>;
}

// Once a queue runs empty after a claim that found jobs, re-check this soon: an enqueue that raced with
// the empty claim may not have notified (see NotifyMode "when-idle"). Then poll at `intervalMs`.
const RECHECK_AFTER_BUSY_MS = 25;

/** Starts a worker that claims batches of due jobs and runs them until stopped. */
export function startWorkerWith<TServices, TDb extends JobsDb>(
  runtime: QueueRuntime<TServices, TDb>,
  options: StartWorkerOptions<TDb>,
): JobWorker {
  const queue = options.queue ?? "default";
  const concurrency = options.concurrency ?? 10;
  const batchSize = options.batchSize ?? 100;
  const intervalMs = options.intervalMs ?? 1000;
  const reapIntervalMs = options.reapIntervalMs ?? 60_000;
  for (const [name, value, min] of [
    ["concurrency", concurrency, 1],
    ["batchSize", batchSize, 1],
    ["intervalMs", intervalMs, 1],
    ["reapIntervalMs", reapIntervalMs, 0],
  ] as const) {
    if (!Number.isInteger(value) || value < min)
      throw new JobsError("INVALID_OPTIONS", `${name} must be an integer >= ${min}`);
  }
  if (options.db.isTransaction) throw new JobsError("INVALID_OPTIONS", "A worker needs a database, not a transaction");

  const { db } = options;
  const { logger, workerId } = runtime;
  const settler = createJobSettler({ db, workerId, logger, isAsyncCommit: runtime.isAsyncCommit });
  const prefetch = createPrefetchSizer({ concurrency, max: batchSize });
  const context = { tasks: runtime.tasks, db, services: runtime.services, logger };
  const buffer: JobRecord[] = [];
  const running = new Map<string, Promise<void>>();
  let isStopping = false;
  let isDrained = false;
  let hasWakeDuringClaim = false;
  let wasBusy = false;
  let claiming: Promise<void> | null = null;
  let pollTimer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  const run = (job: JobRecord): void => {
    const startedAt = performance.now();
    const done = executeJob(job, context).then((outcome) => {
      prefetch.recordJob(performance.now() - startedAt);
      running.delete(job.id);
      const isWritten = settler.add(outcome);
      pump();
      // A keyed job blocks others of its key until its result is written: claim them after that.
      if (job.concurrencyKey !== null) void isWritten.then(() => wake());
    });
    running.set(job.id, done);
  };

  const pump = (): void => {
    if (isStopping) return;
    for (
      let job = running.size < concurrency ? buffer.shift() : undefined;
      job;
      job = running.size < concurrency ? buffer.shift() : undefined
    )
      run(job);
    // Claim again once half of the prefetched jobs have started.
    if (!claiming && !isDrained && running.size + buffer.length <= concurrency + Math.floor(prefetch.target() / 2)) {
      claiming = claim().finally(() => {
        claiming = null;
        pump();
      });
    }
  };

  const claim = async (): Promise<void> => {
    hasWakeDuringClaim = false;
    const limit = Math.min(batchSize, concurrency + prefetch.target() - running.size - buffer.length);
    let jobs: JobRecord[] = [];
    let hasFailed = false;
    try {
      const startedAt = performance.now();
      jobs = await claimJobs(db, {
        queue,
        limit,
        workerId,
        leaseMs: runtime.leaseMs,
        order: runtime.order,
        isAsyncCommit: runtime.isAsyncCommit,
      });
      prefetch.recordClaim(performance.now() - startedAt);
      logger.debug({ queue, limit, claimed: jobs.length }, "claimed jobs");
    } catch (error) {
      hasFailed = true;
      logger.error({ err: error, queue }, "claiming jobs failed");
    }
    if (isStopping) {
      buffer.push(...jobs);
      return;
    }
    if (jobs.length > 0) {
      buffer.push(...jobs);
      buffer.sort(runtime.order.compare);
    } else if (!hasWakeDuringClaim) {
      isDrained = true;
      schedulePoll(wasBusy && !hasFailed ? RECHECK_AFTER_BUSY_MS : intervalMs);
    }
    wasBusy = jobs.length > 0;
  };

  const schedulePoll = (delay: number): void => {
    clearTimeout(pollTimer);
    pollTimer = setTimeout(wake, delay);
  };

  function wake(): void {
    if (isStopping) return;
    if (claiming) hasWakeDuringClaim = true;
    isDrained = false;
    pump();
  }

  const heartbeat = setInterval(
    () => {
      const ids = [...running.keys(), ...buffer.map((job) => job.id)];
      extendLeases(db, workerId, ids, runtime.leaseMs).catch((error: unknown) =>
        logger.error({ err: error }, "renewing job leases failed"),
      );
    },
    Math.max(1, Math.floor(runtime.leaseMs / 3)),
  );
  const reaper =
    reapIntervalMs > 0
      ? setInterval(() => {
          reapStaleJobs(db)
            .then((count) => count > 0 && logger.warn({ count }, "handed back jobs whose lease expired"))
            .catch((error: unknown) => logger.error({ err: error }, "reaping stale jobs failed"));
        }, reapIntervalMs)
      : undefined;

  const ready = (async () => {
    if (options.listen) {
      try {
        unlisten = await options.listen(JOBS_NOTIFY_CHANNEL, (payload) => {
          if (payload === queue) wake();
        });
      } catch (error) {
        logger.error({ err: error }, "listening for new jobs failed; polling only");
      }
    }
    pump();
    await claiming;
  })();

  return {
    ready,
    stop: async () => {
      await ready;
      isStopping = true;
      clearTimeout(pollTimer);
      clearInterval(heartbeat);
      clearInterval(reaper);
      await unlisten?.().catch((error: unknown) => logger.error({ err: error }, "unlistening failed"));
      await claiming;
      // Claimed but never started: back to pending at once, without using an attempt.
      const unstarted = buffer.splice(0);
      for (const job of unstarted)
        void settler.add({
          id: job.id,
          attempts: job.attempts,
          status: "pending",
          error: job.error,
          delayMs: 0,
          isAttemptRefunded: true,
        });
      while (running.size > 0) await Promise.all(running.values());
      await settler.drain();
    },
  };
}
