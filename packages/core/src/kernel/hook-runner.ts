import type { Transaction } from "kysely";
import type { CoreTables } from "../db/core-tables.js";
import type { Actor } from "./actor.js";
import type { HookError } from "./after-commit.js";
import type { Services } from "./services.js";

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
export type AfterHookHandler<K extends AfterHookKey> = (
  payload: HookPayloads[K],
  context: HookContext,
) => void | Promise<void>;

/** The handler type of a key: before- or after-hook by the key's name. */
export type HookHandler<K extends HookKey> = K extends BeforeHookKey
  ? BeforeHookHandler<K>
  : K extends AfterHookKey
    ? AfterHookHandler<K>
    : never;

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

/** Runs the handlers of hook keys; built by `createHookRunner` (`create-hook-runner.ts`). */
export interface HookRunner {
  /**
   * Runs the before-handlers of `key` in order inside `context.trx`, each on the payload the previous one
   * answered, and resolves with the final payload. A handler refuses by throwing an `AppError`, which
   * propagates (the caller's transaction rolls back); any other throw becomes a 500, never an approval.
   */
  runBefore<K extends BeforeHookKey>(
    key: K,
    payload: HookPayloads[K],
    context: BeforeHookContext,
  ): Promise<HookPayloads[K]>;
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
