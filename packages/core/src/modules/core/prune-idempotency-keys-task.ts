import { defineTask } from "../../kernel/kernel-task.js";
import { IDEMPOTENCY_PRUNE_LIMIT, pruneIdempotencyKeys } from "../../http/idempotency/idempotency-store.js";

/** Deletes idempotency keys past their 24 hours (the HTTP layer's `Idempotency-Key` records). */
export const PRUNE_IDEMPOTENCY_KEYS_TASK = "idempotency/prune";

const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Runs at boot, then hourly, as `jobs/prune` does: a full batch means a backlog, so it goes on at once in
 * short statements rather than one long delete.
 */
export const pruneIdempotencyKeysTask = defineTask({
  slug: PRUNE_IDEMPOTENCY_KEYS_TASK,
  concurrency: { key: () => PRUNE_IDEMPOTENCY_KEYS_TASK, supersedes: true },
  handler: async (_input, { db, services, job }) => {
    const pruned = await pruneIdempotencyKeys(db);
    const delayMs = pruned >= IDEMPOTENCY_PRUNE_LIMIT ? 0 : PRUNE_INTERVAL_MS;
    await services.jobs.enqueue(PRUNE_IDEMPOTENCY_KEYS_TASK, {}, { organizationId: job.organizationId, delayMs });
    return { pruned };
  },
});

declare module "../../kernel/kernel-task.js" {
  interface TaskInputs {
    "idempotency/prune": Record<string, never>;
  }
}
