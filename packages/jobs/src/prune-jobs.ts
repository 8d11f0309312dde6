import { sql } from "kysely";
import { JobsError } from "./jobs-error.js";
import type { JobsDb } from "./jobs-db.js";

/** What {@link pruneJobs} deletes. */
export interface PruneOptions {
  /** Succeeded jobs that completed longer ago than this are deleted. */
  succeededOlderThanMs: number;
  /** Failed jobs that failed longer ago than this are deleted. Unset: failed jobs stay until retried. */
  failedOlderThanMs?: number;
  /**
   * Most rows one call deletes, so a backlog goes in short statements rather than one long lock on a
   * large table. @default 10000
   */
  limit?: number;
}

export const DEFAULT_PRUNE_LIMIT = 10_000;

/**
 * Deletes finished jobs past their retention, oldest first, at most `limit` of them; returns how many.
 * Pending and processing jobs are never touched. Call it again while it returns `limit`.
 */
export async function pruneJobs(db: JobsDb, options: PruneOptions): Promise<number> {
  const limit = options.limit ?? DEFAULT_PRUNE_LIMIT;
  for (const [name, value] of [
    ["succeededOlderThanMs", options.succeededOlderThanMs],
    ["failedOlderThanMs", options.failedOlderThanMs ?? 0],
    ["limit", limit],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new JobsError("INVALID_OPTIONS", `${name} must be a non-negative integer, got ${String(value)}`);
  }
  const failedCutoff =
    options.failedOlderThanMs === undefined
      ? sql`false`
      : sql`status = 'failed' and completed_at < now() - ${options.failedOlderThanMs} * interval '1 millisecond'`;
  // Each branch walks jobs_finished_idx in completed_at order.
  const result = await sql`
    delete from jobs where id in (
      (select id from jobs where status = 'succeeded' and completed_at < now() - ${options.succeededOlderThanMs} * interval '1 millisecond'
       order by completed_at limit ${limit})
      union all
      (select id from jobs where ${failedCutoff} order by completed_at limit ${limit})
      limit ${limit}
    )`.execute(db.withoutPlugins());
  return Number(result.numAffectedRows ?? 0);
}
