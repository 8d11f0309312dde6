import type { Kysely } from "kysely";
import type { TaskConcurrency, TaskContext, TaskDefinition, TaskRetries } from "@unified-commerce/jobs";
import type { Services } from "./services.js";
import type { CoreTables } from "../db/core-tables.js";
import { parseTaskInterval, type TaskInterval } from "./task-interval.js";

/**
 * Input types of the background tasks, by slug. The module that defines a task declares its input here by
 * augmentation, so `defineTask` types the handler and `services.jobs.enqueue(slug, input)` checks `input`:
 *
 * ```ts
 * declare module "@unified-commerce/plugin-sdk" { interface TaskInputs { "loyalty/recalculate": { customerId: string } } }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface TaskInputs {}

/** The input of a task slug: its declared type, `unknown` for a slug nobody declared (validate it then). */
export type TaskInput<Slug extends string> = Slug extends keyof TaskInputs ? TaskInputs[Slug] : unknown;

/** What a handler receives beside its input: the kernel's services and database. */
export type KernelTaskContext = TaskContext<Services, Kysely<CoreTables>>;

/**
 * A task as its module writes it. `handler` is a function property, not a method, so a handler that
 * expects another input than the slug's declared one is a type error rather than a bivariant match.
 */
export interface KernelTaskDefinition<Slug extends string, Output = unknown> {
  /** Unique, by convention `domain/action`. */
  slug: Slug;
  /** Returns the job's output (stored as JSON); throwing fails the attempt. */
  handler: (input: TaskInput<Slug>, context: KernelTaskContext) => Output;
  retries?: TaskRetries;
  /** Not with `every`: a recurring task's key is its slug, one pending copy and one run at a time. */
  concurrency?: TaskConcurrency<TaskInput<Slug>>;
  /**
   * Makes the task recurring: it runs on its own every `"30s"`, `"10m"`, `"1h"`, `"1d"` or number of
   * milliseconds (checked here), with input `{}`. A function answers the interval from the kernel's
   * services at boot, or null to leave the task unscheduled in that deployment. Each boot schedules the
   * first run (see `firstRun`) and each run the next one, replacing the pending copy under a lock, so a
   * fleet of processes keeps exactly one pending copy; a failed last attempt does not end the schedule.
   */
  every?: TaskInterval | ((services: Services) => TaskInterval | null);
  /**
   * When a boot schedules the first run: `"boot"` at once, `"interval"` one interval later.
   * @default "boot"
   */
  firstRun?: "boot" | "interval";
  /**
   * Given a run's output, whether work was left over: the next run then comes at once, not an interval
   * later. Write it after `handler`: TypeScript infers the output's type from the properties before it.
   */
  hasBacklog?: (output: Awaited<Output>) => boolean;
}

/** How a recurring task is scheduled, as `defineTask` checked it. */
export interface TaskSchedule {
  /** Milliseconds, or the services' answer at boot (null: not scheduled). */
  every: number | ((services: Services) => TaskInterval | null);
  firstRun: "boot" | "interval";
  hasBacklog?: (output: unknown) => boolean;
}

/**
 * A task once it joins the kernel's list. The input type is erased there (the queue stores inputs as
 * JSON); `defineTask` checked it against the slug's declaration.
 */
export type KernelTask = TaskDefinition<never, unknown, Services, Kysely<CoreTables>> & {
  /** Present for a recurring task (`every`); the jobs module schedules it. */
  schedule?: TaskSchedule;
};

/**
 * Types a task's handler against the input its slug declares in `TaskInputs`, and checks a recurring
 * task's schedule (throws on an unreadable `every`, or on `firstRun`/`hasBacklog` without it).
 */
export function defineTask<const Slug extends string, Output>(task: KernelTaskDefinition<Slug, Output>): KernelTask {
  const { every, firstRun, hasBacklog, ...definition } = task;
  if (every === undefined) {
    if (firstRun !== undefined || hasBacklog !== undefined) {
      throw new Error(`Task "${task.slug}": firstRun and hasBacklog apply to a recurring task only (every)`);
    }
    return definition as unknown as KernelTask;
  }
  if (task.concurrency) {
    throw new Error(`Task "${task.slug}": a recurring task (every) has no concurrency of its own; its slug is its key`);
  }
  if (firstRun !== undefined && firstRun !== "boot" && firstRun !== "interval") {
    throw new Error(`Task "${task.slug}": firstRun must be "boot" or "interval", got ${JSON.stringify(firstRun)}`);
  }
  const schedule: TaskSchedule = {
    every: typeof every === "function" ? every : parseTaskInterval(every, task.slug),
    firstRun: firstRun ?? "boot",
    ...(hasBacklog ? { hasBacklog: hasBacklog as (output: unknown) => boolean } : {}),
  };
  // One pending copy (superseding) and one run at a time (exclusive), across every process.
  const concurrency: TaskConcurrency<unknown> = { key: () => task.slug, supersedes: true };
  return { ...definition, concurrency, schedule } as unknown as KernelTask;
}
