/** How long to wait before the next attempt after a failed one. */
export interface BackoffPolicy {
  /** `fixed`: always `delay`; `exponential`: `delay * 2^(n-1)` after attempt n. */
  type: "fixed" | "exponential";
  /** Milliseconds. */
  delay: number;
}

/**
 * Milliseconds to wait after failed attempt `attemptNumber` (1 for the first attempt). No policy means
 * retry at once. Capped at 2^31 - 1 ms so a large exponent cannot overflow a timestamp.
 */
export function backoffDelay(backoff: BackoffPolicy | undefined, attemptNumber: number): number {
  if (!backoff) return 0;
  const attempt = Math.max(1, Math.floor(attemptNumber));
  const delay = backoff.type === "fixed" ? backoff.delay : backoff.delay * 2 ** (attempt - 1);
  return Math.min(Math.max(0, delay), MAX_DELAY_MS);
}

const MAX_DELAY_MS = 2 ** 31 - 1;
