import { sql } from "kysely";
import { enqueueJob, type TaskLookup } from "./enqueue-job.js";
import type { JobRecord } from "./job-record.js";
import type { JobsDb } from "./jobs-db.js";
import type { NotifyMode } from "./notify-mode.js";

/** Options of one scheduled run of a recurring task. */
export interface ScheduleOptions {
  /** Tenant the job belongs to. */
  organizationId: string;
  /** Not claimed before this many milliseconds have passed. @default 0 */
  delayMs?: number;
  /** @default "default" */
  queue?: string;
}

/**
 * Enqueues the next run of a recurring task (input `{}`), replacing the pending one of the same task and
 * organization. A supersede alone is not enough across processes: two statements in READ COMMITTED do
 * not see each other's insert, and both would stay pending. Each call therefore first takes a
 * transaction-scoped advisory lock on (task, organization); the enqueue after it runs in a fresh snapshot
 * that sees the other's committed row and replaces it, so any number of concurrent callers (a fleet
 * booting, a run ending while another process boots) leave exactly one pending copy.
 */
export async function scheduleJob(
  db: JobsDb,
  request: { taskSlug: string; options: ScheduleOptions; findTask: TaskLookup; notify: NotifyMode },
): Promise<JobRecord> {
  const { taskSlug, options } = request;
  const run = async (trx: JobsDb): Promise<JobRecord> => {
    const lockKey = `${options.organizationId}:${taskSlug}`;
    await sql`select pg_advisory_xact_lock(hashtext('unified_commerce_jobs_schedule'), hashtext(${lockKey}))`.execute(
      trx.withoutPlugins(),
    );
    return enqueueJob(trx, {
      taskSlug,
      input: {},
      options: { ...options, concurrencyKey: taskSlug, supersedes: true },
      findTask: request.findTask,
      notify: request.notify,
    });
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
