import { claimJobs } from "./claim-jobs.js";
import { executeJob } from "./execute-job.js";
import { createJobSettler } from "./job-settler.js";
import type { JobsDb } from "./jobs-db.js";
import { JobsError } from "./jobs-error.js";
import { createQueueRuntime, type QueueRuntime, type QueueRuntimeOptions } from "./queue-runtime.js";
import type { JobOutcome } from "./settle-jobs.js";

/** Options of one pass over a queue. */
export interface RunPendingJobsOptions<TDb extends JobsDb = JobsDb> {
  /** Handlers receive this handle as `context.db`. */
  db: TDb;
  /** @default "default" */
  queue?: string;
  /** Jobs claimed by this pass. @default 10 */
  limit?: number;
  /** Handlers running at once; 1 keeps the processing order observable. @default 1 */
  concurrency?: number;
}

/** What one pass did. */
export interface RunPendingJobsResult {
  /** Jobs claimed and run (or failed as unknown). */
  processed: number;
  succeeded: number;
  /** Moved to failed: attempts exhausted or unknown task slug. */
  failed: number;
  /** Back to pending for another attempt. */
  retried: number;
}

/**
 * Claims one batch of due jobs, runs them and stores their results; resolves when all are stored. A cron
 * route or a custom worker loop calls this.
 */
export async function runPendingJobsWith<TServices, TDb extends JobsDb>(
  runtime: QueueRuntime<TServices, TDb>,
  options: RunPendingJobsOptions<TDb>,
): Promise<RunPendingJobsResult> {
  const limit = options.limit ?? 10;
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(limit) || limit < 0) throw new JobsError("INVALID_OPTIONS", "limit must be an integer >= 0");
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new JobsError("INVALID_OPTIONS", "concurrency must be an integer >= 1");

  const jobs = await claimJobs(options.db, {
    queue: options.queue ?? "default",
    limit,
    workerId: runtime.workerId,
    leaseMs: runtime.leaseMs,
    order: runtime.order,
    isAsyncCommit: runtime.isAsyncCommit,
  });
  const settler = createJobSettler({
    db: options.db,
    workerId: runtime.workerId,
    logger: runtime.logger,
    isAsyncCommit: runtime.isAsyncCommit,
  });
  const outcomes: JobOutcome[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let job = jobs[next++]; job; job = jobs[next++]) {
      const outcome = await executeJob(job, {
        tasks: runtime.tasks,
        db: options.db,
        services: runtime.services,
        logger: runtime.logger,
      });
      outcomes.push(outcome);
      void settler.add(outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, lane));
  await settler.drain();

  const count = (status: JobOutcome["status"]): number =>
    outcomes.filter((outcome) => outcome.status === status).length;
  return { processed: jobs.length, succeeded: count("succeeded"), failed: count("failed"), retried: count("pending") };
}

/** The spec's standalone runner: {@link RunPendingJobsOptions} plus the queue options. */
export function runPendingJobs<TServices = unknown, TDb extends JobsDb = JobsDb>(
  options: RunPendingJobsOptions<TDb> & QueueRuntimeOptions<TServices, TDb>,
): Promise<RunPendingJobsResult> {
  return runPendingJobsWith(createQueueRuntime(options), options);
}
