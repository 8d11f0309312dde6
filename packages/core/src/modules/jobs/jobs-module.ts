import { DEFAULT_PRUNE_LIMIT, jobsMigrations } from "@unified-commerce/jobs";
import type { PluginManifest } from "../../kernel/plugin.js";
import { defineTask } from "../../kernel/kernel-task.js";
import { CORE_VERSION } from "../../kernel/version.js";
import { createJobsService, PRUNE_TASK, REAP_STALE_TASK } from "./jobs-service.js";
import { recurringTask, scheduleRecurringTasks } from "./recurring-task.js";
import { timedTask } from "./timed-task.js";
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
    const tasks = (config.modules ?? [])
      .flatMap((module) => module.tasks ?? [])
      .map((task) => timedTask(recurringTask(task, services), services));
    return { jobs: createJobsService({ db, tasks, services, logger, config: jobs }) };
  },
  tasks: [
    // Now, then every lease period: a restarted process reclaims what a crashed one held.
    defineTask({
      slug: REAP_STALE_TASK,
      every: (services) => services.jobs.leaseMs,
      handler: async (_input, { services }) => ({ reaped: await services.jobs.reapStale() }),
    }),
    defineTask({
      slug: PRUNE_TASK,
      every: (services) => (services.jobs.isPruning ? "1h" : null),
      handler: async (_input, { services }) => {
        if (!services.jobs.isPruning) return { pruned: 0 };
        return { pruned: await services.jobs.prune() };
      },
      // A full batch means a backlog: go on at once, in short statements; otherwise look again hourly.
      hasBacklog: ({ pruned }) => pruned >= DEFAULT_PRUNE_LIMIT,
    }),
  ],
  start: async ({ config, services, database, defaultOrganizationId }) => {
    // Every module's recurring tasks (`every`), this one's included.
    const tasks = (config.modules ?? []).flatMap((module) => module.tasks ?? []);
    await scheduleRecurringTasks({ tasks, services, db: database.db, organizationId: defaultOrganizationId });
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
