import { sql } from "kysely";
import { toJobRecord, type JobRecord, type JobRow } from "./job-record.js";
import type { JobsDb } from "./jobs-db.js";
import type { ResolvedOrder } from "./processing-order.js";

/** What one claim takes. */
export interface ClaimRequest {
  queue: string;
  limit: number;
  workerId: string;
  leaseMs: number;
  order: ResolvedOrder;
  /** Commit without waiting for the WAL flush (never applied inside a caller's transaction). */
  isAsyncCommit: boolean;
}

/**
 * Moves up to `limit` due pending jobs of a queue to `processing` in one round trip (attempts + 1, a
 * lease for `workerId`) and returns them in processing order. The work is the `jobs_claim` function of
 * the migration:
 *
 * - rows are taken with `FOR UPDATE SKIP LOCKED` in one `UPDATE ... WHERE id IN (...) RETURNING`;
 * - a keyed job is not claimed while a job with the same organization and key is processing if either
 *   of them is exclusive; when a batch holds several jobs of one key with an exclusive one among them,
 *   only the oldest is claimed and the others stay pending with no attempt used;
 * - claims on one `jobs` table run one at a time under a transaction advisory lock. SKIP LOCKED alone
 *   keeps two claimers from taking the same row, but not two rows of one key, since neither sees the
 *   other's uncommitted claim; after the lock, the claim's snapshot includes every earlier claim. A claim
 *   is a short statement, so the lock costs little.
 * - with `isAsyncCommit`, outside a caller's transaction, the claim commits without waiting for the WAL
 *   flush: a claim lost in a server crash only sends the job back to pending.
 */
export async function claimJobs(db: JobsDb, request: ClaimRequest): Promise<JobRecord[]> {
  if (request.limit < 1) return [];
  const orderBy = request.order.sql
    .split(",")
    .map((part) => `j.${part.trim()}`)
    .join(", ");
  const result = await sql<JobRow>`
    select * from jobs_claim(${request.queue}, ${request.limit}, ${request.workerId}, ${request.leaseMs}, ${orderBy}, ${request.isAsyncCommit && !db.isTransaction})
  `.execute(db.withoutPlugins());
  return result.rows.map(toJobRecord).sort(request.order.compare);
}
