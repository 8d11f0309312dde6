/** An after-hook that failed: reported to the caller (`meta.hookErrors`) and logged, never thrown. */
export interface HookError {
  key: string;
  message: string;
  code?: string;
}

/**
 * Work deferred until a transaction commits: after-hooks (answering those that failed) or cleanup such as
 * removing a stored file. It must not throw: the change has committed and cannot be undone.
 */
export type AfterCommitTask = () => Promise<readonly HookError[] | void>;

/** A transaction's result with the after-hooks that failed once it had committed. */
export interface WithHookErrors<T> {
  result: T;
  /** Empty when every after-hook succeeded, or when the work joined a caller's transaction. */
  hookErrors: HookError[];
}
