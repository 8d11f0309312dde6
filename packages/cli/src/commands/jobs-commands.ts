import { sql, type Kysely } from "kysely";
import { cliCommand } from "../cli-command.js";
import { CliError } from "../cli-error.js";
import { withKernel, type CliIo } from "../cli-context.js";

const STATUSES = ["pending", "processing", "succeeded", "failed"] as const;
const DEFAULT_LIST_LIMIT = 50;
const MAX_LIST_LIMIT = 1_000;

interface JobLine {
  id: string;
  organizationId: string;
  queue: string;
  taskSlug: string;
  status: string;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** A `jobs` row as the kernel's Kysely answers it (its plugin camelCases column names). */
interface JobRow {
  id: string;
  organizationId: string;
  queue: string;
  taskSlug: string;
  status: string;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  createdAt: Date | string;
  completedAt: Date | string | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The filters `jobs list` and `jobs failed` share. */
const listFilters = {
  queue: { type: "string", valueName: "<queue>", description: "Only this queue" },
  org: {
    type: "string",
    valueName: "<id>",
    description: "Only this organization's jobs",
    default: "every organization",
  },
  limit: {
    type: "string",
    valueName: "<n>",
    description: `At most this many, 1 to ${MAX_LIST_LIMIT}`,
    default: String(DEFAULT_LIST_LIMIT),
  },
  json: { type: "boolean", description: "Print one JSON object: { jobs, counts }" },
} as const;

/** `uc jobs list [--status s] [--queue q] [--org id] [--limit n]`: newest first, with counts by status. */
export const jobsList = cliCommand({
  name: "jobs list",
  summary: "Jobs, newest first, with counts by status",
  options: {
    status: { type: "string", choices: STATUSES, description: "Only jobs in this status" },
    ...listFilters,
  },
  examples: ["uc jobs list --status pending --queue default"],
  run: async ({ values }, io) => {
    await listJobs(io, { ...values, isJson: values.json });
  },
});

/** `uc jobs failed [--queue q] [--org id] [--limit n]`: the failed jobs, with their last error. */
export const jobsFailed = cliCommand({
  name: "jobs failed",
  summary: "The failed jobs, each with its last error (jobs list --status failed)",
  options: {
    ...listFilters,
  },
  examples: ["uc jobs failed --json"],
  run: async ({ values }, io) => {
    await listJobs(io, { ...values, status: "failed", isJson: values.json });
  },
});

async function listJobs(
  io: CliIo,
  options: {
    status?: string | undefined;
    queue?: string | undefined;
    org?: string | undefined;
    limit?: string | undefined;
    config?: string | undefined;
    isJson: boolean | undefined;
  },
): Promise<void> {
  const status = options.status;
  if (status !== undefined && !(STATUSES as readonly string[]).includes(status))
    throw new CliError(`--status must be one of ${STATUSES.join(", ")}`);
  const limit = wholeNumber("--limit", options.limit, DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT);
  const { jobs, counts } = await withKernel({ config: options.config, io }, async (kernel) => {
    const db = kernel.database.db as unknown as Kysely<unknown>;
    const where = sql.join(
      [
        sql`true`,
        ...(status ? [sql`status = ${status}`] : []),
        ...(options.queue ? [sql`queue = ${options.queue}`] : []),
        ...(options.org ? [sql`organization_id = ${options.org}`] : []),
      ],
      sql` and `,
    );
    const rows =
      await sql<JobRow>`select id, organization_id, queue, task_slug, status, attempts, max_attempts, error, created_at, completed_at
      from jobs where ${where} order by created_at desc, seq desc limit ${limit}`.execute(db);
    const totals = await sql<{
      status: string;
      count: string;
    }>`select status, count(*)::text as count from jobs where ${where} group by status`.execute(db);
    return {
      jobs: rows.rows.map(
        (row): JobLine => ({
          id: row.id,
          organizationId: row.organizationId,
          queue: row.queue,
          taskSlug: row.taskSlug,
          status: row.status,
          attempts: row.attempts,
          maxAttempts: row.maxAttempts,
          error: row.error,
          createdAt: iso(row.createdAt) ?? "",
          completedAt: iso(row.completedAt),
        }),
      ),
      counts: Object.fromEntries(
        STATUSES.map((name) => [name, Number(totals.rows.find((row) => row.status === name)?.count ?? 0)]),
      ),
    };
  });
  if (options.isJson) {
    io.out(JSON.stringify({ jobs, counts }));
    return;
  }
  io.out(STATUSES.map((name) => `${name} ${counts[name]}`).join(", "));
  for (const job of jobs) {
    io.out(
      `${job.id}  ${job.status.padEnd(10)} ${job.taskSlug}  queue ${job.queue}  org ${job.organizationId}  attempt ${job.attempts}/${job.maxAttempts}  ${job.createdAt}`,
    );
    if (job.error) io.out(`    ${job.error.split("\n")[0]}`);
  }
}

/** `uc jobs retry <id>`: moves a failed job back to pending (the service's rule: failed jobs only). */
export const jobsRetry = cliCommand({
  name: "jobs retry",
  summary: "Move a failed job back to pending (failed jobs only)",
  arguments: [{ name: "id", required: true, description: "The job's id (see `uc jobs failed`)" }],
  options: {
    org: { type: "string", valueName: "<id>", description: "The job's organization", default: "the job's own" },
    json: { type: "boolean", description: "Print one JSON object: id, status, taskSlug, organizationId" },
  },
  examples: ["uc jobs retry 0b9d7c1e-5a4f-4e2b-8c3d-6f1a2b3c4d5e"],
  run: async ({ values, positionals }, io) => {
    const id = positionals[0];
    if (!id) throw new CliError("Which job? `uc jobs retry <id>` (see `uc jobs failed`)");
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new CliError(`"${id}" is not a job id`);
    const job = await withKernel({ config: values.config, io }, async (kernel) => {
      // The operator names a job, not its store: the job's own organization scopes the retry.
      const found = await sql<{ organizationId: string }>`select organization_id from jobs where id = ${id}`.execute(
        kernel.database.db as unknown as Kysely<unknown>,
      );
      const organizationId = values.org ?? found.rows[0]?.organizationId;
      if (!organizationId) throw new CliError(`No job with id "${id}"`);
      try {
        return await kernel.services.jobs.retry(organizationId, id);
      } catch (error) {
        if ((error as { code?: string }).code === "NOT_FOUND")
          throw new CliError(`Job ${id} has not failed (only failed jobs are retried)`);
        throw error;
      }
    });
    if (values.json)
      io.out(
        JSON.stringify({ id: job.id, status: job.status, taskSlug: job.taskSlug, organizationId: job.organizationId }),
      );
    else io.out(`Job ${job.id} (${job.taskSlug}) is pending again.`);
  },
});

/** `uc jobs run [--queue q] [--limit n]`: claims and runs due jobs now, like `GET /api/jobs/run`. */
export const jobsRun = cliCommand({
  name: "jobs run",
  summary: "Claim and run due jobs now, like GET /api/jobs/run",
  options: {
    queue: { type: "string", valueName: "<queue>", description: "The queue", default: "default" },
    limit: { type: "string", valueName: "<n>", description: "At most this many jobs, 1 to 10000", default: "100" },
    json: { type: "boolean", description: "Print one JSON object: queue, processed, succeeded, retried, failed" },
  },
  examples: ["uc jobs run --queue default --limit 500"],
  run: async ({ values }, io) => {
    const limit = wholeNumber("--limit", values.limit, 100, 10_000);
    const queue = values.queue ?? "default";
    const summary = await withKernel({ config: values.config, io }, (kernel) =>
      kernel.services.jobs.run({ queue, limit }),
    );
    if (values.json) io.out(JSON.stringify({ queue, ...summary }));
    else
      io.out(
        `Ran ${summary.processed} job${summary.processed === 1 ? "" : "s"} of queue ${queue}: ${summary.succeeded} succeeded, ${summary.retried} to retry, ${summary.failed} failed.`,
      );
  },
});

function wholeNumber(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max)
    throw new CliError(`${name} must be a whole number from 1 to ${max}`);
  return number;
}
