import { sql } from "kysely";
import type { JobsDb } from "./jobs-db.js";

/** How one claimed job ends its attempt. */
export type JobOutcome =
  | { id: string; attempts: number; status: "succeeded"; output: unknown }
  | {
      id: string;
      attempts: number;
      status: "pending";
      error: string | null;
      delayMs: number;
      isAttemptRefunded?: boolean;
    }
  | { id: string; attempts: number; status: "failed"; error: string; isAttemptRefunded?: boolean };

/**
 * Writes many outcomes in one round trip (the `jobs_settle` function of the migration). A row is
 * touched only while it is still processing under this worker's lease for the same attempt: a job whose
 * lease expired and that another worker claimed again keeps the newer worker's result. Returns how many
 * rows were written.
 *
 * With `isAsyncCommit`, outside a caller's transaction, the write does not wait for the WAL flush: a
 * result lost in a server crash only makes the job run again, which at-least-once delivery allows anyway.
 */
export async function settleJobs(
  db: JobsDb,
  request: { workerId: string; outcomes: readonly JobOutcome[]; isAsyncCommit: boolean },
): Promise<number> {
  const { workerId, outcomes } = request;
  if (outcomes.length === 0) return 0;
  const rows = outcomes.map((outcome) => ({
    id: outcome.id,
    attempts: outcome.attempts,
    status: outcome.status,
    output: outcome.status === "succeeded" ? (outcome.output ?? null) : null,
    error: outcome.status === "succeeded" ? null : outcome.error,
    delay_ms: outcome.status === "pending" ? outcome.delayMs : 0,
    refund: outcome.status !== "succeeded" && outcome.isAttemptRefunded ? 1 : 0,
  }));
  const result = await sql<{ written: number }>`
    select jobs_settle(${JSON.stringify(rows)}::jsonb, ${workerId}, ${request.isAsyncCommit && !db.isTransaction}) as written
  `.execute(db.withoutPlugins());
  return Number(result.rows[0]?.written ?? 0);
}

/** Pushes the leases of jobs this worker holds `leaseMs` into the future, so long handlers are not reaped. */
export async function extendLeases(
  db: JobsDb,
  workerId: string,
  ids: readonly string[],
  leaseMs: number,
): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    update jobs set locked_until = now() + ${leaseMs} * interval '1 millisecond'
    where id = any(${uuidArray(ids)}::uuid[]) and status = 'processing' and locked_by = ${workerId}
  `.execute(db.withoutPlugins());
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid[] literal, so `id = any(...)` goes through the primary key. */
function uuidArray(ids: readonly string[]): string {
  for (const id of ids) if (!UUID.test(id)) throw new Error(`Not a job id: ${id}`);
  return `{${ids.join(",")}}`;
}
