import type { Kysely } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import type { Services } from "../../kernel/contexts.js";
import type { KernelTask, TaskSchedule } from "../../kernel/kernel-task.js";
import { parseTaskInterval } from "../../kernel/task-interval.js";

/** The interval of a recurring task in this deployment, in milliseconds; null when it is not scheduled. */
function intervalOf(slug: string, schedule: TaskSchedule, services: Services): number | null {
  if (typeof schedule.every === "number") return schedule.every;
  const answer = schedule.every(services);
  return answer === null ? null : parseTaskInterval(answer, slug);
}

/**
 * At boot: the first run of every recurring task, at once or one interval later (`firstRun`), replacing
 * a pending one. Every process does it, as each did its modules' `start` enqueues before; the queue's
 * `schedule` keeps one pending copy whatever the number of processes booting together.
 */
export async function scheduleRecurringTasks(input: {
  tasks: readonly KernelTask[];
  services: Services;
  db: Kysely<CoreTables>;
  organizationId: string;
}): Promise<void> {
  for (const task of input.tasks) {
    if (!task.schedule) continue;
    const interval = intervalOf(task.slug, task.schedule, input.services);
    if (interval === null) continue;
    const delayMs = task.schedule.firstRun === "interval" ? interval : 0;
    await input.services.jobs.queue.schedule(input.db, task.slug, { organizationId: input.organizationId, delayMs });
  }
}

/**
 * The task with its next run scheduled when a run ends: an interval later, or at once when `hasBacklog`
 * says work was left. After a failed last attempt too, so one bad run does not stop a schedule until the
 * next boot. Other tasks are returned as they are.
 */
export function recurringTask(task: KernelTask, services: Services): KernelTask {
  const { schedule } = task;
  if (!schedule) return task;
  return {
    ...task,
    async handler(input, context) {
      const scheduleNext = async (hasBacklog: boolean) => {
        const interval = intervalOf(task.slug, schedule, services);
        if (interval === null) return;
        const options = { organizationId: context.job.organizationId, delayMs: hasBacklog ? 0 : interval };
        await services.jobs.queue.schedule(context.db, task.slug, options);
      };
      let output: unknown;
      try {
        output = await task.handler(input, context);
      } catch (error) {
        if (context.job.attempts >= context.job.maxAttempts) {
          // The run's own error is the one to report; a scheduling failure is logged beside it.
          await scheduleNext(false).catch((scheduleError: unknown) =>
            context.logger.error({ err: scheduleError, taskSlug: task.slug }, "could not schedule the next run"),
          );
        }
        throw error;
      }
      await scheduleNext(schedule.hasBacklog?.(output) ?? false);
      return output;
    },
  };
}
