import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request a piece of work runs for, so that every log line written while serving it carries its id:
 * not only lines of `request.log` (Fastify's child logger) but those of services, hooks, after-commit
 * work and jobs run from `GET /api/jobs/run`, which log through the kernel's logger.
 */
const storage = new AsyncLocalStorage<{ reqId: string }>();

/** Marks a logger that already binds `reqId` (Fastify's per-request child), so the mixin adds nothing. */
const BINDS_REQUEST_ID = Symbol("binds-request-id");

/** Runs `work` (and everything it starts) as part of request `reqId`. */
export function runInRequestContext(reqId: string, work: () => void): void {
  storage.run({ reqId }, work);
}

/**
 * A pino `mixin` adding `reqId` to every line written inside a request. Pass it when you give the
 * kernel a logger of your own (`pino({ mixin: requestIdMixin })`); the kernel's default logger has it.
 */
export function requestIdMixin(_object: object, _level: number, logger?: object): Record<string, string> {
  if (logger && BINDS_REQUEST_ID in logger) return {};
  const store = storage.getStore();
  return store ? { reqId: store.reqId } : {};
}

/** Tags a child logger that binds `reqId` itself (see `requestIdMixin`). */
export function markBindsRequestId<T extends object>(logger: T): T {
  Object.defineProperty(logger, BINDS_REQUEST_ID, { value: true });
  return logger;
}
