/** Answers that say "not now, later": a rate limit and an overloaded or starting server. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** When the client retries: `retry: true` means these defaults. */
export interface RetryOptions {
  /** Attempts in all, the first included. */
  attempts?: number;
  /** A `Retry-After` longer than this is not waited for: the error is thrown at once. */
  maxDelayMs?: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { attempts: 3, maxDelayMs: 10_000 };

/** Milliseconds a `Retry-After` header asks for (seconds or an HTTP date); 1 s when it is absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (header === null) return 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? 1000 : Math.max(0, date - now);
}

export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
