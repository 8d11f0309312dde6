import type { JobLogger } from "./job-logger.js";
import type { JobsDb } from "./jobs-db.js";
import { settleJobs, type JobOutcome } from "./settle-jobs.js";

/** Collects outcomes and writes them in batches. */
export interface JobSettler {
  /** Queues an outcome; resolves once it is written (or its batch failed and was logged). */
  add(outcome: JobOutcome): Promise<void>;
  /** Resolves when every queued outcome has been written. */
  drain(): Promise<void>;
}

/**
 * Writes outcomes with one UPDATE per batch: an outcome queued while a write is in flight joins the next
 * one, so under load many jobs complete per round trip, and an idle runner writes at once.
 */
export function createJobSettler(options: {
  db: JobsDb;
  workerId: string;
  logger: JobLogger;
  isAsyncCommit: boolean;
}): JobSettler {
  let queued: { outcome: JobOutcome; done: () => void }[] = [];
  let flushing: Promise<void> | null = null;

  const flush = async (): Promise<void> => {
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      try {
        const written = await settleJobs(options.db, {
          workerId: options.workerId,
          outcomes: batch.map((entry) => entry.outcome),
          isAsyncCommit: options.isAsyncCommit,
        });
        if (written < batch.length) {
          options.logger.warn(
            { expected: batch.length, written },
            "some job results were not stored: their lease had expired and they were reclaimed",
          );
        }
      } catch (error) {
        // The jobs stay processing; once their lease expires reapStale hands them back.
        options.logger.error({ err: error, jobs: batch.length }, "storing job results failed");
      }
      for (const entry of batch) entry.done();
    }
  };

  const schedule = (): void => {
    if (flushing) return;
    flushing = new Promise<void>((resolve) => setImmediate(resolve)).then(flush).finally(() => {
      flushing = null;
      if (queued.length > 0) schedule();
    });
  };

  return {
    add: (outcome) =>
      new Promise<void>((done) => {
        queued.push({ outcome, done });
        schedule();
      }),
    drain: async () => {
      while (flushing || queued.length > 0) {
        if (!flushing) schedule();
        await flushing;
      }
    },
  };
}
