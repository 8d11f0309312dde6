import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../kernel/app-error.js";
import type { RateLimitStore } from "./rate-limit-store.js";

export interface RateLimitOptions {
  store: RateLimitStore;
  max: number;
  windowMs: number;
}

/**
 * Counts the request against its client's window and sets `X-RateLimit-*` on every answer;
 * over the limit it answers 429 TOO_MANY_REQUESTS with `Retry-After` (seconds).
 * `X-RateLimit-Reset` is the Unix time (seconds) at which the window resets.
 */
export function rateLimitHook({ store, max, windowMs }: RateLimitOptions) {
  const limitHeader = String(max);
  const check = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const hit = store.hit(request.ip, windowMs);
    // The memory store answers synchronously; awaiting only when needed keeps the hot path short.
    const { count, resetAt } = hit instanceof Promise ? await hit : hit;
    reply.headers({
      "x-ratelimit-limit": limitHeader,
      "x-ratelimit-remaining": count >= max ? "0" : String(max - count),
      "x-ratelimit-reset": String(Math.ceil(resetAt / 1000)),
    });
    if (count > max) {
      reply.header("retry-after", Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)));
      throw new AppError("TOO_MANY_REQUESTS", { message: "Rate limit exceeded; retry after the time in Retry-After" });
    }
  };
  return { check, close: () => store.close() };
}
