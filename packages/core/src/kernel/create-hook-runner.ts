import type { Transaction } from "kysely";
import type { CoreTables } from "../db/core-tables.js";
import type { AfterCommitTask, HookError } from "./after-commit.js";
import { AppError } from "./app-error.js";
import type { HookContext, HookRegistration, HookRunner } from "./hook-runner.js";
import type { Logger } from "./logger.js";

/** What `createHookRunner` needs from the kernel. */
export interface HookRunnerOptions {
  /** Defers work to the commit of a transaction (`DatabaseAccess.afterCommit`). */
  afterCommit(trx: Transaction<CoreTables>, task: AfterCommitTask): void;
  logger: Logger;
}

type Handler = HookRegistration["handler"];
type AnyHandler = (payload: unknown, context: HookContext) => unknown;

/**
 * Handlers run in registration order: plugin order (core modules first), then their order in each
 * manifest. A key without handlers costs a map lookup.
 */
export function createHookRunner(registrations: readonly HookRegistration[], options: HookRunnerOptions): HookRunner {
  const byKey = new Map<string, AnyHandler[]>();
  for (const { key, handler } of registrations) {
    const handlers = byKey.get(key);
    if (handlers) handlers.push(handler as Handler as AnyHandler);
    else byKey.set(key, [handler as Handler as AnyHandler]);
  }

  const runAfterHandlers = async (
    key: string,
    handlers: readonly AnyHandler[],
    payload: unknown,
    context: HookContext,
  ): Promise<HookError[]> => {
    const errors: HookError[] = [];
    for (const handler of handlers) {
      // Each handler is isolated: one failing does not keep the next from running.
      try {
        await handler(payload, context);
      } catch (error) {
        options.logger.error({ err: error, hook: key, organizationId: context.organizationId }, "after-hook failed");
        errors.push({
          key,
          message: error instanceof Error ? error.message : String(error),
          ...(error instanceof AppError ? { code: error.code } : {}),
        });
      }
    }
    return errors;
  };

  return {
    async runBefore(key, payload, context) {
      const handlers = byKey.get(key);
      if (!handlers) return payload;
      let current = payload;
      for (const handler of handlers) {
        let replacement: unknown;
        try {
          replacement = await handler(current, context);
        } catch (error) {
          if (error instanceof AppError) throw error;
          // A before-hook that crashes must not let the operation through as if it had approved it.
          throw new AppError("INTERNAL_ERROR", { message: `Hook ${key} failed`, cause: error });
        }
        if (replacement !== undefined) current = replacement as typeof payload;
      }
      return current;
    },
    runAfterCommit(key, payload, context) {
      const handlers = byKey.get(key);
      if (!handlers) return;
      const { organizationId, actor, services } = context;
      options.afterCommit(context.trx, () =>
        runAfterHandlers(key, handlers, payload, { organizationId, actor, services }),
      );
    },
    runAfter(key, payload, context) {
      const handlers = byKey.get(key);
      return handlers ? runAfterHandlers(key, handlers, payload, context) : Promise.resolve([]);
    },
    has: (key) => byKey.has(key),
    keys: () => [...byKey.keys()],
  };
}
