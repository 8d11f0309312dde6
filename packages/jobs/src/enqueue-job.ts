import { sql } from "kysely";
import { toJobRecord, type JobRecord, type JobRow } from "./job-record.js";
import type { JobsDb } from "./jobs-db.js";
import { JobsError } from "./jobs-error.js";
import { JOBS_NOTIFY_CHANNEL, type NotifyMode } from "./notify-mode.js";
import type { TaskDefinition } from "./task-definition.js";

/** Options of one enqueue. */
export interface EnqueueOptions {
  /** Tenant the job belongs to; required, blank values are rejected. */
  organizationId: string;
  /** @default "default" */
  queue?: string;
  /** Not claimed before this many milliseconds have passed. @default 0 */
  delayMs?: number;
  /** Total attempts, the first included. @default task.retries.attempts, else 1 */
  maxAttempts?: number;
  /** @default task.concurrency.key(input) */
  concurrencyKey?: string;
  /** Replace an older pending job of the same task, organization and key. @default task.concurrency.supersedes */
  supersedes?: boolean;
}

/** The registered task of a slug, if this process knows it; producers may enqueue tasks only workers define. */
export type TaskLookup = (slug: string) => TaskDefinition<unknown, unknown, never, never> | undefined;

/**
 * Inserts one job in a single statement that also removes what it supersedes and sends at most one
 * NOTIFY. Runs on `db` as given, so inside a transaction the job commits or rolls back with the caller.
 */
export async function enqueueJob(
  db: JobsDb,
  request: { taskSlug: string; input: unknown; options: EnqueueOptions; findTask: TaskLookup; notify: NotifyMode },
): Promise<JobRecord> {
  const { taskSlug, options } = request;
  const task = request.findTask(taskSlug);
  const input = request.input === undefined ? {} : request.input;
  const values = resolveValues({ taskSlug, input, options, task });

  const inputJson = toJsonText(input, "input");
  const waitUntil = values.delayMs > 0 ? sql`now() + ${values.delayMs} * interval '1 millisecond'` : sql`null`;
  const supersede = values.isSuperseding
    ? sql`, superseded as (
        delete from jobs where status = 'pending' and organization_id = ${options.organizationId}
          and task_slug = ${taskSlug} and concurrency_key = ${values.concurrencyKey}
      )`
    : sql``;
  const notify = notifyClause(request.notify, values.queue, values.delayMs);

  const result = await sql<JobRow>`
    with inserted as (
      insert into jobs (organization_id, queue, task_slug, input, max_attempts, wait_until, concurrency_key, is_exclusive)
      values (${options.organizationId}, ${values.queue}, ${taskSlug}, ${inputJson}::jsonb, ${values.maxAttempts},
        ${waitUntil}, ${values.concurrencyKey}, ${values.isExclusive})
      returning *
    )${supersede}${notify.cte}
    select inserted.* from inserted${notify.join}
  `.execute(db.withoutPlugins());
  const row = result.rows[0];
  if (!row) throw new Error("Enqueue returned no row");
  return toJobRecord(row);
}

interface ResolvedValues {
  queue: string;
  delayMs: number;
  maxAttempts: number;
  concurrencyKey: string | null;
  isExclusive: boolean;
  isSuperseding: boolean;
}

function resolveValues(request: {
  taskSlug: string;
  input: unknown;
  options: EnqueueOptions;
  task: TaskDefinition<unknown, unknown, never, never> | undefined;
}): ResolvedValues {
  const { taskSlug, input, options, task } = request;
  if (typeof taskSlug !== "string" || taskSlug.trim() === "") throw invalid("taskSlug must be a non-blank string");
  if (typeof options?.organizationId !== "string" || options.organizationId.trim() === "") {
    throw invalid("organizationId is required and must not be blank");
  }
  const queue = options.queue ?? "default";
  if (typeof queue !== "string" || queue.trim() === "") throw invalid("queue must be a non-blank string");
  const delayMs = options.delayMs ?? 0;
  if (!Number.isFinite(delayMs) || delayMs < 0) throw invalid("delayMs must be a number of milliseconds >= 0");
  const maxAttempts = options.maxAttempts ?? task?.retries?.attempts ?? 1;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw invalid("maxAttempts must be an integer of at least 1");

  const concurrencyKey = options.concurrencyKey ?? (task?.concurrency ? task.concurrency.key(input) : null);
  if (concurrencyKey !== null && typeof concurrencyKey !== "string") throw invalid("concurrencyKey must be a string");
  const isSuperseding = (options.supersedes ?? task?.concurrency?.supersedes ?? false) === true;
  if (isSuperseding && concurrencyKey === null) throw invalid("supersedes needs a concurrency key");
  return {
    queue,
    delayMs: Math.round(delayMs),
    maxAttempts,
    concurrencyKey,
    isExclusive: concurrencyKey !== null && (task?.concurrency?.exclusive ?? true),
    isSuperseding,
  };
}

function notifyClause(
  mode: NotifyMode,
  queue: string,
  delayMs: number,
): { cte: ReturnType<typeof sql>; join: ReturnType<typeof sql> } {
  if (mode === "never" || delayMs > 0) return { cte: sql``, join: sql`` };
  // The other jobs of the queue are read in the statement's snapshot, which never includes this insert.
  const condition =
    mode === "always"
      ? sql``
      : sql`where not exists (
          select 1 from jobs where status = 'pending' and queue = ${queue}
            and (wait_until is null or wait_until <= now()) and not is_exclusive
        )`;
  return {
    // A plain SELECT in a WITH runs only when referenced, hence the join below.
    cte: sql`, notified as (select pg_notify(${JOBS_NOTIFY_CHANNEL}, ${queue}) as sent ${condition})`,
    join: sql` left join notified on true`,
  };
}

/** Serializes a value for a jsonb parameter: `pg` would turn a JS array into a PostgreSQL array. */
export function toJsonText(value: unknown, what: string): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw invalid(`${what} is not JSON-serializable: ${(error as Error).message}`);
  }
  if (text === undefined) throw invalid(`${what} is not JSON-serializable`);
  return text;
}

function invalid(message: string): JobsError {
  return new JobsError("INVALID_ENQUEUE", message);
}
