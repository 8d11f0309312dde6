import { DEFAULT_PRUNE_LIMIT, jobsMigrations } from "@unified-commerce/jobs";
import type { PluginManifest } from "../../kernel/plugin.js";
import { defineTask } from "../../kernel/kernel-task.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { createJobsService, PRUNE_TASK, REAP_STALE_TASK } from "./jobs-service.js";
import { timedTask } from "./timed-task.js";

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
import { listFailedJobs } from "./routes/list-failed-jobs.js";
import { retryJob } from "./routes/retry-job.js";
import { runJobs } from "./routes/run-jobs.js";

/**
 * The job queue of `@unified-commerce/jobs`, run with every module's `tasks`. Jobs run from
 * `GET /api/jobs/run`, from the in-process worker (`jobs.autorun`), or from a worker process of your own.
 */
export const jobsModule: PluginManifest = {
  id: "jobs",
  version: CORE_VERSION,
  permissions: [{ scope: "jobs:admin", description: "List failed background jobs and retry them" }],
  schema: { migrations: jobsMigrations },
  services: ({ config, db, services, logger }) => {
    const jobs = config.jobs ?? {};
    if (jobs.externalEngine && jobs.autorun?.enabled) {
      throw new Error(
        `jobs.autorun cannot be enabled together with the external engine "${jobs.externalEngine}": that engine runs the tasks itself`,
      );
    }
    const tasks = (config.modules ?? []).flatMap((module) => module.tasks ?? []).map((task) => timedTask(task, services));
    return { jobs: createJobsService({ db, tasks, services, logger, config: jobs }) };
  },
  tasks: [
    defineTask({
      slug: REAP_STALE_TASK,
      concurrency: { key: () => REAP_STALE_TASK, supersedes: true },
      handler: async (_input, { services, job }) => {
        const reaped = await services.jobs.reapStale();
        await services.jobs.enqueue(REAP_STALE_TASK, {}, { organizationId: job.organizationId, delayMs: services.jobs.leaseMs });
        return { reaped };
      },
    }),
    defineTask({
      slug: PRUNE_TASK,
      concurrency: { key: () => PRUNE_TASK, supersedes: true },
      handler: async (_input, { services, job }) => {
        if (!services.jobs.isPruning) return { pruned: 0 };
        const pruned = await services.jobs.prune();
        // A full batch means a backlog: go on at once, in short statements; otherwise look again hourly.
        const delayMs = pruned >= DEFAULT_PRUNE_LIMIT ? 0 : PRUNE_INTERVAL_MS;
        await services.jobs.enqueue(PRUNE_TASK, {}, { organizationId: job.organizationId, delayMs });
        return { pruned };
      },
    }),
  ],
  start: async ({ config, services, database, defaultOrganizationId }) => {
    // Runs now, then every lease period: a restarted process reclaims what a crashed one held.
    await services.jobs.enqueue(REAP_STALE_TASK, {}, { organizationId: defaultOrganizationId });
    if (services.jobs.isPruning) await services.jobs.enqueue(PRUNE_TASK, {}, { organizationId: defaultOrganizationId });
    const autorun = config.jobs?.autorun;
    if (!autorun?.enabled) return;
    const worker = services.jobs.queue.startWorker({
      db: database.db,
      queue: autorun.queue ?? "default",
      concurrency: autorun.concurrency ?? 10,
      intervalMs: autorun.intervalMs ?? 1_000,
      listen: database.listen,
      // Reaping is the jobs/reap-stale task's, here as in cron-only deployments: not done twice.
      reapIntervalMs: 0,
    });
    return () => worker.stop();
  },
  routes: (context) => [...runJobs(context), ...listFailedJobs(context), ...retryJob(context)],
};
