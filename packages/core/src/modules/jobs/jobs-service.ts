import type { Kysely } from "kysely";
import {
  createJobQueue,
  DEFAULT_LEASE_MS,
  type EnqueueOptions,
  type JobQueue,
  type JobRecord,
  type PruneOptions,
} from "@unified-commerce/jobs";
import type { CoreTables } from "../../db/core-tables.js";
import { AppError } from "../../kernel/app-error.js";
import type { JobsConfig } from "../../kernel/config.js";
import type { Logger, Services } from "../../kernel/contexts.js";
import type { KernelTask, TaskInput } from "../../kernel/kernel-task.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { pageOffset, type PaginationQuery } from "../../http/pagination.js";

/** Hands expired leases back; recurring (`every`: the lease period), one pending copy at a time. */
export const REAP_STALE_TASK = "jobs/reap-stale";

/** Deletes finished jobs past `jobs.retention`; recurring like `jobs/reap-stale`, hourly. */
export const PRUNE_TASK = "jobs/prune";

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_RETENTION = { succeededMs: 7 * DAY_MS, failedMs: 30 * DAY_MS };

/** Options of `services.jobs.enqueue`: the queue's, plus the transaction convention's `trx`. */
export interface JobEnqueueOptions extends EnqueueOptions, TxOptions {}

/** What a run through `GET /api/jobs/run` or a worker tick did. */
export interface JobRunSummary {
  processed: number;
  succeeded: number;
  failed: number;
  retried: number;
}

/** The job queue as modules use it. Every method but `run` is scoped to one organization. */
export interface JobsService {
  /**
   * Enqueues a task; `input` is checked against the slug's `TaskInputs` declaration. With `options.trx`
   * the job commits or rolls back with the caller's change (outbox); without it, it is enqueued at once
   * on the pool. `options.organizationId` is required.
   */
  enqueue<const Slug extends string>(
    taskSlug: Slug,
    input: TaskInput<Slug>,
    options: JobEnqueueOptions,
  ): Promise<JobRecord>;
  /** Claims and runs due jobs of one queue, every organization's (a cron target or a worker tick). */
  run(options: { queue: string; limit: number }): Promise<JobRunSummary>;
  listFailed(organizationId: string, page: PaginationQuery): Promise<{ items: JobRecord[]; total: number }>;
  /** Moves a failed job back to pending; 404 for another organization's job or one that has not failed. */
  retry(organizationId: string, id: string): Promise<JobRecord>;
  /** Hands jobs whose worker's lease ran out back to the queue. */
  reapStale(): Promise<number>;
  /**
   * Deletes finished jobs past `jobs.retention`, at most `DEFAULT_PRUNE_LIMIT` per call (every
   * organization's); returns how many. Does nothing when retention is `false`.
   */
  prune(): Promise<number>;
  /** Whether `jobs.retention` lets `jobs/prune` run. */
  isPruning: boolean;
  /** The queue itself, for the kernel's worker. */
  queue: JobQueue;
  /** How long a claimed job stays leased to its worker. */
  leaseMs: number;
}

interface Dependencies {
  db: Kysely<CoreTables>;
  tasks: readonly KernelTask[];
  services: Services;
  logger: Logger;
  config: JobsConfig;
}

export function createJobsService({ db, tasks, services, logger, config }: Dependencies): JobsService {
  const leaseMs = config.leaseMs ?? DEFAULT_LEASE_MS;
  const retention = resolveRetention(config.retention);
  const queue = createJobQueue<Services>({
    tasks,
    services,
    logger,
    leaseMs,
    ...(config.processingOrder ? { processingOrder: config.processingOrder } : {}),
  });

  return {
    queue,
    leaseMs,
    enqueue: (taskSlug, input, { trx, ...options }) => queue.enqueue(trx ?? db, taskSlug, input, options),
    run: ({ queue: name, limit }) => queue.runPendingJobs({ db, queue: name, limit }),
    listFailed: (organizationId, page) =>
      queue.listFailed(db, { organizationId, limit: page.limit, offset: pageOffset(page) }),
    async retry(organizationId, id) {
      const job = await queue.retry(db, { organizationId, id });
      if (!job) throw AppError.notFound("Failed job");
      return job;
    },
    reapStale: () => queue.reapStale(db),
    prune: async () => (retention ? queue.prune(db, retention) : 0),
    isPruning: retention !== null,
  };
}

/** `jobs.retention` with its defaults, checked at boot; null when pruning is off. */
function resolveRetention(retention: JobsConfig["retention"]): PruneOptions | null {
  if (retention === false) return null;
  const succeededMs = retention?.succeededMs ?? DEFAULT_RETENTION.succeededMs;
  const failedMs = retention?.failedMs === undefined ? DEFAULT_RETENTION.failedMs : retention.failedMs;
  for (const [name, value] of [
    ["succeededMs", succeededMs],
    ["failedMs", failedMs ?? 0],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new Error(`jobs.retention.${name} must be a non-negative integer of milliseconds, got ${String(value)}`);
  }
  return { succeededOlderThanMs: succeededMs, ...(failedMs === null ? {} : { failedOlderThanMs: failedMs }) };
}

declare module "../../kernel/kernel-task.js" {
  interface TaskInputs {
    "jobs/reap-stale": Record<string, never>;
    "jobs/prune": Record<string, never>;
  }
}

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.jobs` too.
declare module "../../kernel/services.js" {
  interface Services {
    jobs: JobsService;
  }
}
