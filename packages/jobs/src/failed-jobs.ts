import { sql } from "kysely";
import { toJobRecord, type JobRecord, type JobRow } from "./job-record.js";
import type { JobsDb } from "./jobs-db.js";
import { JobsError } from "./jobs-error.js";
import { JOBS_NOTIFY_CHANNEL } from "./notify-mode.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A page of an organization's failed jobs. */
export interface FailedJobsPage {
  items: JobRecord[];
  /** Failed jobs of the organization in all. */
  total: number;
}

/** An organization's failed jobs, most recently failed first. */
export async function listFailedJobs(
  db: JobsDb,
  options: { organizationId: string; limit: number; offset: number },
): Promise<FailedJobsPage> {
  const { organizationId, limit, offset } = options;
  if (!Number.isInteger(limit) || limit < 0 || !Number.isInteger(offset) || offset < 0) {
    throw new JobsError("INVALID_OPTIONS", "limit and offset must be integers >= 0");
  }
  const raw = db.withoutPlugins();
  const [items, total] = await Promise.all([
    sql<JobRow>`
      select * from jobs where organization_id = ${organizationId} and status = 'failed'
      order by updated_at desc, id desc limit ${limit} offset ${offset}
    `.execute(raw),
    sql<{ total: number | string }>`
      select count(*)::int as total from jobs where organization_id = ${organizationId} and status = 'failed'
    `.execute(raw),
  ]);
  return { items: items.rows.map(toJobRecord), total: Number(total.rows[0]?.total ?? 0) };
}

/**
 * Re-enqueues a failed job of the organization: `pending`, due now, with a fresh set of attempts (the
 * last error stays readable until the next attempt). Returns null when the organization has no failed
 * job with that id, including ids of other organizations.
 */
export async function retryFailedJob(
  db: JobsDb,
  options: { organizationId: string; id: string },
): Promise<JobRecord | null> {
  if (typeof options.id !== "string" || !UUID.test(options.id)) return null;
  const result = await sql<JobRow>`
    with retried as (
      update jobs set status = 'pending', attempts = 0, wait_until = null, completed_at = null,
        locked_by = null, locked_until = null, updated_at = now()
      where id = ${options.id} and organization_id = ${options.organizationId} and status = 'failed'
      returning *
    ), notified as (
      select pg_notify(${JOBS_NOTIFY_CHANNEL}, queue) as sent from retried
    )
    select retried.* from retried left join notified on true
  `.execute(db.withoutPlugins());
  const row = result.rows[0];
  return row ? toJobRecord(row) : null;
}
