import type { BackoffPolicy } from "./backoff-delay.js";
import type { JobRecord } from "./job-record.js";
import type { JobsDb } from "./jobs-db.js";
import type { JobLogger } from "./job-logger.js";

/** What a handler receives beside its input. */
export interface TaskContext<TServices = unknown, TDb = JobsDb> {
  input: unknown;
  /** The database handle given to the runner (with its plugins). */
  db: TDb;
  logger: JobLogger;
  services: TServices;
  /** The job being run, as claimed (`attempts` already counts this attempt). */
  job: JobRecord;
}

/** Retry policy of a task. */
export interface TaskRetries {
  /** Total attempts, the first included. */
  attempts: number;
  /** Wait between attempts; none means retry at the next claim. */
  backoff?: BackoffPolicy;
}

/** Keeps jobs of one key (per organization) from running together, or collapses them. */
export interface TaskConcurrency<TInput> {
  /** The key of a job, from its input. */
  key(input: TInput): string;
  /**
   * No job of this task runs while another job with the same key and organization is processing.
   * @default true
   */
  exclusive?: boolean;
  /**
   * Enqueueing replaces an older pending job of the same task, organization and key.
   * @default false
   */
  supersedes?: boolean;
}

/**
 * A kind of job: a slug and the handler that runs it. Methods (not function properties) so a
 * `TaskDefinition<MyInput>` fits where a `TaskDefinition` is expected.
 */
export interface TaskDefinition<TInput = unknown, TOutput = unknown, TServices = unknown, TDb = JobsDb> {
  /** Unique, by convention `domain/action`. */
  slug: string;
  /** Returns the job's output (stored as JSON); throwing fails the attempt. */
  handler(input: TInput, context: TaskContext<TServices, TDb>): Promise<TOutput> | TOutput;
  retries?: TaskRetries;
  concurrency?: TaskConcurrency<TInput>;
}
