import type { RateLimitHit, RateLimitStore } from "./rate-limit-store.js";

/** Fixed-window counters in a Map; expired windows are swept once per window. */
export function createMemoryRateLimitStore(): RateLimitStore {
  const windows = new Map<string, RateLimitHit>();
  let sweepTimer: NodeJS.Timeout | undefined;

  return {
    hit(key, windowMs) {
      const now = Date.now();
      if (!sweepTimer) {
        sweepTimer = setInterval(() => {
          const at = Date.now();
          for (const [k, window] of windows) if (window.resetAt <= at) windows.delete(k);
        }, windowMs);
        sweepTimer.unref();
      }
      const current = windows.get(key);
      if (!current || current.resetAt <= now) {
        const fresh = { count: 1, resetAt: now + windowMs };
        windows.set(key, fresh);
        return fresh;
      }
      current.count += 1;
      return { count: current.count, resetAt: current.resetAt };
    },
    async close() {
      if (sweepTimer) clearInterval(sweepTimer);
      windows.clear();
    },
  };
}
