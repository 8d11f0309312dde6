import type { Transaction } from "kysely";
import type { CoreTables } from "../db/core-tables.js";
import { AppError } from "./app-error.js";
import type { Actor } from "./actor.js";
import type { Logger, Services } from "./contexts.js";
import type { AfterCommitTask } from "./transaction-runner.js";

/**
 * Payload types of the hook keys, by key. A module or plugin declares its keys by augmenting this
 * interface, as it adds services to `Services`:
 *
 * ```ts
 * declare module "@unified-commerce/plugin-sdk" {
 *   interface HookPayloads { "loyalty.beforeAward": { customerId: string; points: number } }
 * }
 * ```
 *
 * A key names its moment: `<module>.before<Action>` runs inside the change's transaction and may change
 * or refuse it; `<module>.after<Action>` runs once the change has committed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface HookPayloads {}

/** Every declared hook key. */
export type HookKey = keyof HookPayloads & string;
/** Declared keys of before-hooks (`<module>.before<Action>`). */
export type BeforeHookKey = Extract<HookKey, `${string}.before${string}`>;
/** Declared keys of after-hooks (`<module>.after<Action>`). */
export type AfterHookKey = Extract<HookKey, `${string}.after${string}`>;

/** What an after-hook handler receives: the change has committed, so there is no transaction. */
export interface HookContext {
  organizationId: string;
  actor: Actor | null;
  services: Services;
}

/** What a before-hook handler receives: the caller's transaction, to read or write with the change. */
export interface BeforeHookContext extends HookContext {
  /** The change's transaction: rows written on it commit or roll back with the change. */
  trx: Transaction<CoreTables>;
}

/** Runs inside the change's transaction; returns a replacement payload, or nothing to keep it; refuses by throwing an `AppError`. */
export type BeforeHookHandler<K extends BeforeHookKey> = (
  payload: HookPayloads[K],
  context: BeforeHookContext,
) => HookPayloads[K] | void | Promise<HookPayloads[K] | void>;

/** Runs after the change committed; a throw is reported to the caller (`meta.hookErrors`), never undoing the change. */
export type AfterHookHandler<K extends AfterHookKey> = (payload: HookPayloads[K], context: HookContext) => void | Promise<void>;

/** The handler type of a key: before- or after-hook by the key's name. */
export type HookHandler<K extends HookKey> = K extends BeforeHookKey ? BeforeHookHandler<K> : K extends AfterHookKey ? AfterHookHandler<K> : never;

/** A handler for one hook key, as a manifest lists it. Build it with `defineHook`, which types the payload. */
export interface HookRegistration {
  key: HookKey;
  /** Declared as a method so that handlers typed by their key fit this list. */
  handler(payload: never, context: BeforeHookContext): unknown;
}

/** Builds a registration for a declared key; the payload and context are typed by the key. */
export function defineHook<K extends HookKey>(key: K, handler: HookHandler<K>): HookRegistration {
  return { key, handler: handler as HookRegistration["handler"] };
}

/** An after-hook that failed: reported to the caller (`meta.hookErrors`) and logged, never thrown. */
export interface HookError {
  key: string;
  message: string;
  code?: string;
}

export interface HookRunner {
  /**
   * Runs the before-handlers of `key` in order inside `context.trx`, each on the payload the previous one
   * answered, and resolves with the final payload. A handler refuses by throwing an `AppError`, which
   * propagates (the caller's transaction rolls back); any other throw becomes a 500, never an approval.
   */
  runBefore<K extends BeforeHookKey>(key: K, payload: HookPayloads[K], context: BeforeHookContext): Promise<HookPayloads[K]>;
  /**
   * Defers the after-handlers of `key` until the outermost transaction `context.trx` belongs to commits;
   * a rollback runs none. Their failures reach whoever opened that transaction with
   * `database.transactionWithHookErrors` (a route's `meta.hookErrors`).
   */
  runAfterCommit<K extends AfterHookKey>(key: K, payload: HookPayloads[K], context: BeforeHookContext): void;
  /** Runs the after-handlers of `key` now, for a caller outside any transaction; answers their failures. */
  runAfter<K extends AfterHookKey>(key: K, payload: HookPayloads[K], context: HookContext): Promise<HookError[]>;
  /** Whether any handler is registered for `key` (to skip building an expensive payload). */
  has(key: HookKey): boolean;
  keys(): string[];
}

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

  const runAfterHandlers = async (key: string, handlers: readonly AnyHandler[], payload: unknown, context: HookContext): Promise<HookError[]> => {
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
      options.afterCommit(context.trx, () => runAfterHandlers(key, handlers, payload, { organizationId, actor, services }));
    },
    runAfter(key, payload, context) {
      const handlers = byKey.get(key);
      return handlers ? runAfterHandlers(key, handlers, payload, context) : Promise.resolve([]);
    },
    has: (key) => byKey.has(key),
    keys: () => [...byKey.keys()],
  };
}
