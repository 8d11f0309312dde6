import type { Kysely } from "kysely";
import type { TaskConcurrency, TaskContext, TaskDefinition, TaskRetries } from "@unified-commerce/jobs";
import type { Services } from "./services.js";
import type { CoreTables } from "../db/core-tables.js";

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
export interface KernelTaskDefinition<Slug extends string> {
  /** Unique, by convention `domain/action`. */
  slug: Slug;
  /** Returns the job's output (stored as JSON); throwing fails the attempt. */
  handler: (input: TaskInput<Slug>, context: KernelTaskContext) => unknown;
  retries?: TaskRetries;
  concurrency?: TaskConcurrency<TaskInput<Slug>>;
}

/**
 * A task once it joins the kernel's list. The input type is erased there (the queue stores inputs as
 * JSON); `defineTask` checked it against the slug's declaration.
 */
export type KernelTask = TaskDefinition<never, unknown, Services, Kysely<CoreTables>>;

/** Types a task's handler against the input its slug declares in `TaskInputs`. */
export function defineTask<const Slug extends string>(task: KernelTaskDefinition<Slug>): KernelTask {
  return task as unknown as KernelTask;
}
