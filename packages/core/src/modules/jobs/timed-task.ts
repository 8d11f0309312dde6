import type { Services } from "../../kernel/contexts.js";
import type { KernelTask } from "../../kernel/kernel-task.js";

/**
 * The task with its attempts counted and timed in `services.metrics` (jobs_processed_total,
 * job_duration_seconds), whichever worker runs it: a worker process, autorun, or `GET /api/jobs/run`.
 */
export function timedTask(task: KernelTask, services: Services): KernelTask {
  return {
    ...task,
    async handler(input, context) {
      const startedAt = performance.now();
      try {
        const output: unknown = await task.handler(input, context);
        services.metrics.recordJob({ task: task.slug, outcome: "succeeded" }, (performance.now() - startedAt) / 1000);
        return output;
      } catch (error) {
        services.metrics.recordJob({ task: task.slug, outcome: "failed" }, (performance.now() - startedAt) / 1000);
        throw error;
      }
    },
  };
}
