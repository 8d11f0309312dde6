import { sql } from "kysely";
import type { JobsDb } from "./jobs-db.js";

/** Error stored on a job whose last attempt was lost with its worker. */
export const LEASE_EXPIRED_ERROR = "Lease expired: the worker stopped before the job finished";

/**
 * Hands back processing jobs whose lease expired (their worker died or hung): to `pending` when
 * attempts remain, otherwise to `failed`. The lost attempt counts. Returns how many jobs moved.
 */
export async function reapStaleJobs(db: JobsDb): Promise<number> {
  const result = await sql`
    update jobs set
      status = case when attempts >= max_attempts then 'failed' else 'pending' end,
      error = case when attempts >= max_attempts then ${LEASE_EXPIRED_ERROR} else error end,
      completed_at = case when attempts >= max_attempts then now() else null end,
      wait_until = null, locked_by = null, locked_until = null, updated_at = now()
    where status = 'processing' and locked_until < now()
  `.execute(db.withoutPlugins());
  return Number(result.numAffectedRows ?? 0);
}
