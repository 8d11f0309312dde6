import { Redis } from "ioredis";
import type { RateLimitStore } from "./rate-limit-store.js";

// Count and start the window atomically, so processes sharing Redis enforce one limit.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return { count, ttl }
`;

/** Fixed-window counters in Redis, shared by every server process that uses the same URL. */
export function createRedisRateLimitStore(url: string, keyPrefix = "uc:rl:"): RateLimitStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
  // Connection errors surface on the request that needed the counter; this only keeps them off stderr.
  redis.on("error", () => {});
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, keyPrefix + key, windowMs)) as [number, number];
      return { count, resetAt: Date.now() + (ttl > 0 ? ttl : windowMs) };
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
