import { sql } from "kysely";
import type { JobsDb } from "./jobs-db.js";

/** One step of the `jobs` schema. */
export interface JobsMigration {
  name: string;
  up(db: JobsDb): Promise<void>;
}

const createJobsTable = [
  `create table jobs (
    id uuid primary key default gen_random_uuid(),
    organization_id text not null check (organization_id <> ''),
    queue text not null default 'default',
    task_slug text not null,
    status text not null default 'pending' check (status in ('pending', 'processing', 'succeeded', 'failed')),
    input jsonb not null default '{}',
    output jsonb,
    error text,
    attempts integer not null default 0,
    max_attempts integer not null default 1 check (max_attempts >= 1),
    wait_until timestamptz,
    concurrency_key text,
    is_exclusive boolean not null default false,
    locked_by text,
    locked_until timestamptz,
    processing_started_at timestamptz,
    completed_at timestamptz,
    -- clock_timestamp, not now(): jobs enqueued in one transaction keep their order.
    created_at timestamptz not null default clock_timestamp(),
    updated_at timestamptz not null default now(),
    -- Enqueue order, for ties of created_at (PGlite's clock counts whole milliseconds).
    seq bigint generated always as identity
  )`,
  // The claim walks this index in order; only pending rows are in it, so it stays small.
  `create index jobs_claim_idx on jobs (queue, created_at, seq) where status = 'pending'`,
  // "Is a job with this key processing?" on every claim of a keyed exclusive job.
  `create index jobs_processing_key_idx on jobs (organization_id, concurrency_key)
    where status = 'processing' and concurrency_key is not null`,
  `create index jobs_supersede_idx on jobs (organization_id, task_slug, concurrency_key)
    where status = 'pending' and concurrency_key is not null`,
  // For reapStale. Not keyed on status: result writes filter on status = 'processing', and a bitmap scan
  // of a status index would visit every dead row version left by earlier claims; they must go by id.
  `create index jobs_lease_idx on jobs (locked_until) where locked_until is not null`,
  `create index jobs_failed_idx on jobs (organization_id, updated_at desc) where status = 'failed'`,
  // The claim as one function so it costs one round trip; see claim-jobs.ts for what it guarantees.
  `create function jobs_claim(p_queue text, p_limit integer, p_worker text, p_lease_ms bigint, p_order text, p_relax_commit boolean)
  returns setof jobs language plpgsql volatile as $fn$
  begin
    if p_order !~ '^j\.[a-z_]+ (asc|desc)(, j\.[a-z_]+ (asc|desc))*$' then
      raise exception 'jobs_claim: invalid order %', p_order;
    end if;
    -- One claim at a time per jobs table; the next statement takes a snapshot that sees earlier claims.
    perform pg_advisory_xact_lock(hashtext('unified_commerce_jobs_claim'), 'jobs'::regclass::oid::int4);
    if p_relax_commit then
      perform set_config('synchronous_commit', 'off', true);
    end if;
    return query execute format($q$
      with candidates as (
        select j.id, j.organization_id, j.concurrency_key, j.is_exclusive, j.created_at, j.seq
        from jobs j
        where j.status = 'pending' and j.queue = $1
          and (j.wait_until is null or j.wait_until <= now())
          and (j.concurrency_key is null or not exists (
            select 1 from jobs p
            where p.status = 'processing' and p.organization_id = j.organization_id
              and p.concurrency_key = j.concurrency_key and (j.is_exclusive or p.is_exclusive)
          ))
        order by %s
        limit $2
        for update of j skip locked
      ), ranked as (
        select id, concurrency_key,
          row_number() over (partition by organization_id, concurrency_key order by created_at, seq) as position,
          bool_or(is_exclusive) over (partition by organization_id, concurrency_key) as is_key_exclusive
        from candidates
      )
      update jobs set status = 'processing', attempts = attempts + 1, locked_by = $3,
        locked_until = now() + $4 * interval '1 millisecond',
        processing_started_at = now(), updated_at = now()
      where id in (select id from ranked where concurrency_key is null or not is_key_exclusive or position = 1)
      returning jobs.*
    $q$, p_order) using p_queue, p_limit, p_worker, p_lease_ms;
  end
  $fn$`,
  // Results of many jobs in one round trip. A row-by-row loop on the primary key, not one UPDATE ... FROM
  // the JSON rows: during a drain the statistics on status are always stale, the planner then expects
  // one processing row and joins with a nested loop that compares every pair (see bench/results/jobs.md).
  `create function jobs_settle(p_outcomes jsonb, p_worker text, p_relax_commit boolean)
  returns integer language plpgsql volatile as $fn$
  declare
    o record;
    written integer := 0;
  begin
    if p_relax_commit then
      perform set_config('synchronous_commit', 'off', true);
    end if;
    for o in select * from jsonb_to_recordset(p_outcomes)
      as x(id uuid, attempts integer, status text, output jsonb, error text, delay_ms bigint, refund integer)
    loop
      update jobs set
        status = o.status,
        output = case when o.status = 'succeeded' then o.output else output end,
        error = case when o.status = 'succeeded' then error else o.error end,
        attempts = attempts - o.refund,
        wait_until = case when o.status = 'pending' then now() + o.delay_ms * interval '1 millisecond' else wait_until end,
        completed_at = case when o.status = 'pending' then null else now() end,
        locked_by = null, locked_until = null, updated_at = now()
      where id = o.id and status = 'processing' and attempts = o.attempts and locked_by = p_worker;
      if found then
        written := written + 1;
      end if;
    end loop;
    return written;
  end
  $fn$`,
];

/**
 * The queue's schema, in order. The kernel applies them in its own migration table; standalone users call
 * {@link migrateJobs}. Tables are never schema-qualified: they land in the first schema of `search_path`.
 */
export const jobsMigrations: readonly JobsMigration[] = [
  {
    name: "0001_create_jobs",
    up: async (db) => {
      for (const statement of createJobsTable) await sql.raw(statement).execute(db);
    },
  },
  {
    name: "0002_finished_index",
    // For pruneJobs: finished jobs by status, oldest first.
    up: async (db) => {
      await sql`create index jobs_finished_idx on jobs (status, completed_at) where completed_at is not null`.execute(
        db,
      );
    },
  },
];

/**
 * Applies {@link jobsMigrations} that have not run yet, recorded in `jobs_migrations`, in one transaction
 * under an advisory lock so processes starting together do not race. Safe to call at every boot.
 */
export async function migrateJobs(db: JobsDb): Promise<void> {
  const run = async (trx: JobsDb): Promise<void> => {
    const raw = trx.withoutPlugins();
    await sql`select pg_advisory_xact_lock(hashtext('unified_commerce_jobs_migrations'))`.execute(raw);
    await sql`create table if not exists jobs_migrations (
      name text primary key,
      executed_at timestamptz not null default now()
    )`.execute(raw);
    const done = await sql<{ name: string }>`select name from jobs_migrations`.execute(raw);
    const isDone = new Set(done.rows.map((row) => row.name));
    for (const migration of jobsMigrations) {
      if (isDone.has(migration.name)) continue;
      await migration.up(raw);
      await sql`insert into jobs_migrations (name) values (${migration.name})`.execute(raw);
    }
  };
  await (db.isTransaction ? run(db) : db.transaction().execute(run));
}
