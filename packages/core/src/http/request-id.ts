import { randomUUID } from "node:crypto";

/**
 * Request ids in UUID shape, unique without drawing randomness per request: the first 20 hex digits are
 * random per process (80 bits, so two processes practically never share them), the last 12 count the
 * process's requests (2^48 of them). Far cheaper than `randomUUID()` per request, whose cost showed in the
 * kernel benchmark's profile (bench/results/kernel.md). Ids are for correlating logs and answers, not secrets.
 */
export function createRequestIdGenerator(): () => string {
  // "xxxxxxxx-xxxx-4xxx-yxxx-": the version and variant digits of a v4 UUID stay valid.
  const prefix = randomUUID().slice(0, 24);
  let counter = 0;
  return () => {
    counter += 1;
    return prefix + counter.toString(16).padStart(12, "0");
  };
}
