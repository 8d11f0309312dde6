import type { Kysely } from "kysely";
import type { TaskDefinition } from "@unified-commerce/jobs";
import type { Services } from "./contexts.js";
import type { CoreTables } from "../db/core-tables.js";

/**
 * A task as a module registers it: handlers get the kernel's services and database. The input type is
 * erased once the task joins the kernel's list (the queue stores inputs as JSON), so each handler states
 * the shape it enqueued through `defineTask`.
 */
export type KernelTask = TaskDefinition<never, unknown, Services, Kysely<CoreTables>>;

/** Types a task's handler against its own input and the kernel's services. */
export function defineTask<TInput>(task: TaskDefinition<TInput, unknown, Services, Kysely<CoreTables>>): KernelTask {
  return task as unknown as KernelTask;
}
