/** The state of one client's window after counting a request. */
export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Epoch milliseconds at which the window resets. */
  resetAt: number;
}

/** Where counters live: in process memory by default, in Redis to share them across processes. */
export interface RateLimitStore {
  /** Counts one request; a store may answer synchronously. */
  hit(key: string, windowMs: number): RateLimitHit | Promise<RateLimitHit>;
  close(): Promise<void>;
}
