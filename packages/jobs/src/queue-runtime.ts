import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { silentLogger, type JobLogger } from "./job-logger.js";
import { JobsError } from "./jobs-error.js";
import type { NotifyMode } from "./notify-mode.js";
import { resolveProcessingOrder, type ProcessingOrder, type ResolvedOrder } from "./processing-order.js";
import type { TaskDefinition } from "./task-definition.js";
import { createTaskRegistry, type TaskRegistry } from "./task-registry.js";

/** Options shared by every runner of a queue. */
export interface QueueRuntimeOptions<TServices, TDb> {
  tasks: readonly TaskDefinition<unknown, unknown, TServices, TDb>[];
  /** Handed to every handler as `context.services`. */
  services?: TServices;
  /** @default a logger that drops everything */
  logger?: JobLogger;
  /** @default { field: "createdAt", direction: "asc" } */
  processingOrder?: ProcessingOrder;
  /** How long a claim holds a job before `reapStale` may hand it back; running workers renew it. @default 300000 */
  leaseMs?: number;
  /** Name written to `locked_by`. @default `${hostname}:${pid}:${random}` */
  workerId?: string;
  /** @default "when-idle" */
  notify?: NotifyMode;
  /**
   * The queue's own claims and result writes commit without waiting for the WAL flush (never inside a
   * caller's transaction). A server crash may then lose the last few hundred milliseconds of them, which
   * only makes those jobs run again: delivery is at least once in any case. Enqueue is unaffected.
   * @default true
   */
  isAsyncCommit?: boolean;
}

/** Options resolved once, with the tasks indexed by slug. */
export interface QueueRuntime<TServices, TDb> {
  tasks: TaskRegistry<TServices, TDb>;
  services: TServices;
  logger: JobLogger;
  order: ResolvedOrder;
  leaseMs: number;
  workerId: string;
  notify: NotifyMode;
  isAsyncCommit: boolean;
}

/** Default lease: long enough for slow handlers, short enough that a dead worker's jobs come back soon. */
export const DEFAULT_LEASE_MS = 5 * 60_000;

/** Validates queue options and resolves their defaults. */
export function createQueueRuntime<TServices, TDb>(
  options: QueueRuntimeOptions<TServices, TDb>,
): QueueRuntime<TServices, TDb> {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  if (!Number.isFinite(leaseMs) || leaseMs < 1)
    throw new JobsError("INVALID_OPTIONS", "leaseMs must be a positive number of milliseconds");
  const notify = options.notify ?? "when-idle";
  if (!["when-idle", "always", "never"].includes(notify))
    throw new JobsError("INVALID_OPTIONS", `Invalid notify mode: ${String(notify)}`);
  return {
    tasks: createTaskRegistry(options.tasks),
    services: options.services as TServices,
    logger: options.logger ?? silentLogger,
    order: resolveProcessingOrder(options.processingOrder),
    leaseMs: Math.round(leaseMs),
    workerId: options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    notify,
    isAsyncCommit: options.isAsyncCommit ?? true,
  };
}
