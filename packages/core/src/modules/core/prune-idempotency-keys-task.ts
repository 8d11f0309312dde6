import { defineTask } from "../../kernel/kernel-task.js";
import { IDEMPOTENCY_PRUNE_LIMIT, pruneIdempotencyKeys } from "../../http/idempotency/idempotency-store.js";

/** Deletes idempotency keys past their 24 hours (the HTTP layer's `Idempotency-Key` records). */
export const PRUNE_IDEMPOTENCY_KEYS_TASK = "idempotency/prune";

/**
 * Runs at boot, then hourly, as `jobs/prune` does: a full batch means a backlog, so it goes on at once in
 * short statements rather than one long delete.
 */
export const pruneIdempotencyKeysTask = defineTask({
  slug: PRUNE_IDEMPOTENCY_KEYS_TASK,
  every: "1h",
  handler: async (_input, { db }) => ({ pruned: await pruneIdempotencyKeys(db) }),
  hasBacklog: ({ pruned }) => pruned >= IDEMPOTENCY_PRUNE_LIMIT,
});

declare module "../../kernel/kernel-task.js" {
  interface TaskInputs {
    "idempotency/prune": Record<string, never>;
  }
}
