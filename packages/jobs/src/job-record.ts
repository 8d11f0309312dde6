/** Where a job is in its life: see the status table in the README. */
export type JobStatus = "pending" | "processing" | "succeeded" | "failed";

/** One row of the `jobs` table, camelCased. */
export interface JobRecord {
  id: string;
  organizationId: string;
  /** @default "default" */
  queue: string;
  taskSlug: string;
  status: JobStatus;
  /** @default {} */
  input: unknown;
  /** What the handler returned (JSON), once succeeded. */
  output: unknown;
  /** Message of the last failure. */
  error: string | null;
  /** Attempts started so far (claims). */
  attempts: number;
  /** Total attempts allowed, the first included. */
  maxAttempts: number;
  /** Not claimed before this time (delay or retry backoff). */
  waitUntil: Date | null;
  concurrencyKey: string | null;
  /** Whether no other job with this concurrency key may run while this one does. */
  isExclusive: boolean;
  /** Worker holding the lease while processing. */
  lockedBy: string | null;
  /** Lease end: past it, `reapStale` hands the job back. */
  lockedUntil: Date | null;
  processingStartedAt: Date | null;
  /** When the job reached `succeeded` or `failed`. */
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /**
   * Enqueue order: breaks ties between jobs created in the same clock tick (PGlite's clock counts whole
   * milliseconds), so "oldest first" is exact.
   */
  sequence: number;
}

/** A `jobs` row as the database returns it (no plugin involved). */
export interface JobRow {
  id: string;
  organization_id: string;
  queue: string;
  task_slug: string;
  status: JobStatus;
  input: unknown;
  output: unknown;
  error: string | null;
  attempts: number;
  max_attempts: number;
  wait_until: Date | string | null;
  concurrency_key: string | null;
  is_exclusive: boolean;
  locked_by: string | null;
  locked_until: Date | string | null;
  processing_started_at: Date | string | null;
  completed_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** `bigint`: a string unless the driver parses int8. */
  seq: number | string;
}

/** Maps a raw row to a {@link JobRecord}. */
export function toJobRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    queue: row.queue,
    taskSlug: row.task_slug,
    status: row.status,
    input: row.input,
    output: row.output,
    error: row.error,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    waitUntil: toDate(row.wait_until),
    concurrencyKey: row.concurrency_key,
    isExclusive: row.is_exclusive,
    lockedBy: row.locked_by,
    lockedUntil: toDate(row.locked_until),
    processingStartedAt: toDate(row.processing_started_at),
    completedAt: toDate(row.completed_at),
    createdAt: toDate(row.created_at) ?? new Date(0),
    updatedAt: toDate(row.updated_at) ?? new Date(0),
    sequence: Number(row.seq),
  };
}

// Drivers configured to return timestamps as text still give us Dates.
function toDate(value: Date | string | null): Date | null {
  if (value === null) return null;
  return value instanceof Date ? value : new Date(value);
}
