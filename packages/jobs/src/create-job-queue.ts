import { enqueueJob, type EnqueueOptions } from "./enqueue-job.js";
import { listFailedJobs, retryFailedJob, type FailedJobsPage } from "./failed-jobs.js";
import type { JobRecord } from "./job-record.js";
import type { JobsDb } from "./jobs-db.js";
import { createQueueRuntime, type QueueRuntimeOptions } from "./queue-runtime.js";
import { pruneJobs, type PruneOptions } from "./prune-jobs.js";
import { reapStaleJobs } from "./reap-stale-jobs.js";
import { scheduleJob, type ScheduleOptions } from "./schedule-job.js";
import { runPendingJobsWith, type RunPendingJobsOptions, type RunPendingJobsResult } from "./run-pending-jobs.js";
import { startWorkerWith, type JobWorker, type StartWorkerOptions } from "./start-worker.js";

/** Options of {@link createJobQueue}. */
export type JobQueueOptions<TServices, TDb> = QueueRuntimeOptions<TServices, TDb>;

/** A queue bound to its tasks; every method takes the database handle to work on. */
export interface JobQueue<TDb extends JobsDb = JobsDb> {
  /** The worker id written to `locked_by` by this queue's runners. */
  readonly workerId: string;
  /**
   * Adds a job. Given a transaction, the job commits or rolls back with it. Throws a `JobsError`
   * (`INVALID_ENQUEUE`) for a blank organization or invalid options.
   */
  enqueue(db: JobsDb, taskSlug: string, input: unknown, options: EnqueueOptions): Promise<JobRecord>;
  /**
   * Enqueues the next run of a recurring task, replacing its pending run in the organization: concurrent
   * callers, in any number of processes, leave exactly one pending copy. Its key is the task's slug.
   */
  schedule(db: JobsDb, taskSlug: string, options: ScheduleOptions): Promise<JobRecord>;
  /** Claims one batch of due jobs of a queue, runs them and stores their results. */
  runPendingJobs(options: RunPendingJobsOptions<TDb>): Promise<RunPendingJobsResult>;
  /** A failed job of the organization back to pending with fresh attempts; null when there is none with that id. */
  retry(db: JobsDb, options: { organizationId: string; id: string }): Promise<JobRecord | null>;
  /** An organization's failed jobs, most recently failed first. */
  listFailed(db: JobsDb, options: { organizationId: string; limit: number; offset: number }): Promise<FailedJobsPage>;
  /** Processing jobs whose lease expired back to pending (or failed when out of attempts); returns how many. */
  reapStale(db: JobsDb): Promise<number>;
  /** Deletes finished jobs past their retention (at most `limit` per call); returns how many. */
  prune(db: JobsDb, options: PruneOptions): Promise<number>;
  /** Starts an in-process worker on one queue. */
  startWorker(options: StartWorkerOptions<TDb>): JobWorker;
}

/**
 * Builds a queue from task definitions. Options are validated and their defaults resolved here, once;
 * a `JobsError` (`INVALID_TASK`, `INVALID_OPTIONS`) reports bad ones.
 */
export function createJobQueue<TServices = unknown, TDb extends JobsDb = JobsDb>(
  options: JobQueueOptions<TServices, TDb>,
): JobQueue<TDb> {
  const runtime = createQueueRuntime(options);
  const findTask = (slug: string) => runtime.tasks.get(slug);
  return {
    workerId: runtime.workerId,
    enqueue: (db, taskSlug, input, enqueueOptions) =>
      enqueueJob(db, { taskSlug, input, options: enqueueOptions, findTask, notify: runtime.notify }),
    schedule: (db, taskSlug, scheduleOptions) =>
      scheduleJob(db, { taskSlug, options: scheduleOptions, findTask, notify: runtime.notify }),
    runPendingJobs: (runOptions) => runPendingJobsWith(runtime, runOptions),
    retry: (db, retryOptions) => retryFailedJob(db, retryOptions),
    listFailed: (db, listOptions) => listFailedJobs(db, listOptions),
    reapStale: (db) => reapStaleJobs(db),
    prune: (db, pruneOptions) => pruneJobs(db, pruneOptions),
    startWorker: (workerOptions) => startWorkerWith(runtime, workerOptions),
  };
}
