import { backoffDelay } from "./backoff-delay.js";
import type { JobLogger } from "./job-logger.js";
import type { JobRecord } from "./job-record.js";
import type { JobOutcome } from "./settle-jobs.js";
import type { TaskRegistry } from "./task-registry.js";

/** Error stored on a job whose slug no task of the runner handles. */
export const UNKNOWN_TASK_ERROR = "Unknown task slug";

/** What a handler run needs besides the job. */
export interface ExecutionContext<TServices, TDb> {
  tasks: TaskRegistry<TServices, TDb>;
  db: TDb;
  services: TServices;
  logger: JobLogger;
}

/**
 * Runs the handler of one claimed job and says how its attempt ends: succeeded with the output, back
 * to pending after the backoff while attempts remain, otherwise failed. Never throws.
 */
export async function executeJob<TServices, TDb>(
  job: JobRecord,
  context: ExecutionContext<TServices, TDb>,
): Promise<JobOutcome> {
  const task = context.tasks.get(job.taskSlug);
  const base = { id: job.id, attempts: job.attempts };
  if (!task) {
    context.logger.error({ jobId: job.id, taskSlug: job.taskSlug }, UNKNOWN_TASK_ERROR);
    // No handler ran, so the claim's attempt is given back.
    return { ...base, status: "failed", error: UNKNOWN_TASK_ERROR, isAttemptRefunded: true };
  }
  const logger = context.logger;
  try {
    const output = await task.handler(job.input, {
      input: job.input,
      db: context.db,
      logger,
      services: context.services,
      job,
    });
    // Checked here so one odd output fails its own job, not the whole settle batch.
    JSON.stringify(output ?? null);
    return { ...base, status: "succeeded", output: output ?? null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (job.attempts < job.maxAttempts) {
      const delayMs = backoffDelay(task.retries?.backoff, job.attempts);
      logger.warn(
        { jobId: job.id, taskSlug: job.taskSlug, attempt: job.attempts, delayMs, err: error },
        "job attempt failed; retrying",
      );
      return { ...base, status: "pending", error: message, delayMs };
    }
    logger.error({ jobId: job.id, taskSlug: job.taskSlug, attempt: job.attempts, err: error }, "job failed");
    return { ...base, status: "failed", error: message };
  }
}
