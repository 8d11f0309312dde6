import { JobsError } from "./jobs-error.js";
import type { TaskDefinition } from "./task-definition.js";

/** Tasks by slug, validated once. */
export type TaskRegistry<TServices, TDb> = ReadonlyMap<string, TaskDefinition<unknown, unknown, TServices, TDb>>;

/** Checks the definitions (unique non-blank slugs, sane retry policies) and indexes them by slug. */
export function createTaskRegistry<TServices, TDb>(
  tasks: readonly TaskDefinition<unknown, unknown, TServices, TDb>[],
): TaskRegistry<TServices, TDb> {
  const registry = new Map<string, TaskDefinition<unknown, unknown, TServices, TDb>>();
  for (const task of tasks) {
    if (typeof task.slug !== "string" || task.slug.trim() === "")
      throw new JobsError("INVALID_TASK", "A task needs a non-blank slug");
    if (registry.has(task.slug)) throw new JobsError("INVALID_TASK", `Task ${task.slug} is defined twice`);
    const attempts = task.retries?.attempts;
    if (attempts !== undefined && (!Number.isInteger(attempts) || attempts < 1)) {
      throw new JobsError("INVALID_TASK", `Task ${task.slug}: retries.attempts must be an integer of at least 1`);
    }
    const delay = task.retries?.backoff?.delay;
    if (delay !== undefined && (!Number.isFinite(delay) || delay < 0)) {
      throw new JobsError(
        "INVALID_TASK",
        `Task ${task.slug}: retries.backoff.delay must be a number of milliseconds >= 0`,
      );
    }
    registry.set(task.slug, task);
  }
  return registry;
}
