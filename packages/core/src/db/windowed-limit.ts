import { createHash } from "node:crypto";
import { sql, type Transaction } from "kysely";

/** One limit: at most `max` recorded rows of `key` within the caller's window. */
export interface WindowLimit {
  key: string;
  max: number;
}

/** What the caller's table knows: the rows of each limit in the window, and how to record one more. */
export interface WindowedRows<Limit extends WindowLimit, Recorded> {
  /** Reads the rows in the window (under the limits' locks) and answers how many count against `limit`. */
  count(): Promise<(limit: Limit) => number>;
  /** Writes the rows of this attempt, once every limit allowed it. */
  record(): Promise<Recorded>;
}

/** The attempt was recorded, or the first limit (in the order given) that refused it; nothing was written. */
export type WindowedTake<Limit extends WindowLimit, Recorded> =
  | { isTaken: true; recorded: Recorded }
  | { isTaken: false; refusedBy: Limit };

/**
 * A rate limit over a sliding window of rows in the database, shared by every process: sign-in and
 * second-factor attempts (auth's `attempt-counter.ts`) and invoice e-mails (`orders/invoice-email-requests.ts`).
 * In `trx`, it takes a transaction-scoped advisory lock per key, then counts, then records: concurrent
 * attempts on a key queue on its lock and each sees the rows of those before it, so at most `max` are
 * ever recorded in a window, however many arrive at once. Locks are taken in the order of their numbers,
 * so two attempts sharing keys never wait on each other in a cycle, even when two keys map to one
 * number. `namespace` (the first int4 of the two-key lock) keeps each counter's locks apart.
 */
export async function takeWithinWindow<DB, Limit extends WindowLimit, Recorded>(
  trx: Transaction<DB>,
  namespace: number,
  limits: readonly Limit[],
  rows: WindowedRows<Limit, Recorded>,
): Promise<WindowedTake<Limit, Recorded>> {
  for (const lockId of [...new Set(limits.map((limit) => lockIdOf(limit.key)))].sort((a, b) => a - b)) {
    await sql`select pg_advisory_xact_lock(${namespace}::int4, ${lockId}::int4)`.execute(trx);
  }
  const used = await rows.count();
  const refusedBy = limits.find((limit) => used(limit) >= limit.max);
  if (refusedBy) return { isTaken: false, refusedBy };
  return { isTaken: true, recorded: await rows.record() };
}

/** A stable int4 for a key (the first four bytes of its SHA-256). */
function lockIdOf(key: string): number {
  return createHash("sha256").update(key).digest().readInt32BE(0);
}
