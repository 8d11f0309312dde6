import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../kernel/app-error.js";
import type { RateLimitHit, RateLimitStore } from "./rate-limit-store.js";

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
  // Windows are shared by every client of a store, so consecutive answers mostly carry the same reset.
  let lastResetAt = Number.NaN;
  let lastResetHeader = "";
  const answer = (reply: FastifyReply, { count, resetAt }: RateLimitHit): void => {
    if (resetAt !== lastResetAt) {
      lastResetAt = resetAt;
      lastResetHeader = String(Math.ceil(resetAt / 1000));
    }
    reply.header("x-ratelimit-limit", limitHeader);
    reply.header("x-ratelimit-remaining", count >= max ? "0" : String(max - count));
    reply.header("x-ratelimit-reset", lastResetHeader);
    if (count > max) {
      reply.header("retry-after", Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)));
      throw new AppError("TOO_MANY_REQUESTS", { message: "Rate limit exceeded; retry after the time in Retry-After" });
    }
  };
  /** Synchronous with a synchronous store (memory); a promise only when the store answers with one. */
  const check = (request: FastifyRequest, reply: FastifyReply): void | Promise<void> => {
    const hit = store.hit(request.ip, windowMs);
    if (hit instanceof Promise) return hit.then((resolved) => answer(reply, resolved));
    answer(reply, hit);
  };
  return { check, close: () => store.close() };
}
