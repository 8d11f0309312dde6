import type { HookError, WithHookErrors } from "../kernel/after-commit.js";

/** A route's answer to a write that ran after-hooks. */
export interface AnswerWithHookErrors<T> {
  data: T;
  /** Present only when an after-hook failed: the change itself committed. */
  meta?: { hookErrors: HookError[] };
}

/**
 * Answers a write's result as `data`, with `meta.hookErrors` when after-hooks failed:
 * `.handler(async (...) => withHookErrors(await services.catalog.createEntity(...)))`.
 */
export function withHookErrors<T>({ result, hookErrors }: WithHookErrors<T>): AnswerWithHookErrors<T> {
  return hookErrors.length === 0 ? { data: result } : { data: result, meta: { hookErrors } };
}
