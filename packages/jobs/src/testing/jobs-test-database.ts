import { randomBytes } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { migrateJobs } from "../jobs-migrations.js";

/** Row shape of `jobs` for typed test queries (snake_case: tests query without plugins). */
export interface TestTables {
  jobs: { id: string; status: string; attempts: number; organization_id: string };
}

/** The two ways callers hand the queue a database: plain, or with the kernel's CamelCasePlugin. */
export const DATABASE_VIEWS = [
  { label: "without plugins", withCamelCase: false },
  { label: "with CamelCasePlugin", withCamelCase: true },
] as const;

/** The test database as one of {@link DATABASE_VIEWS} sees it. */
export function viewDatabase(db: Kysely<TestTables>, withCamelCase: boolean): Kysely<TestTables> {
  return withCamelCase ? db.withPlugin(new CamelCasePlugin()) : db;
}

/** A migrated database of one test file. */
export interface JobsTestDatabase {
  db: Kysely<TestTables>;
  isPostgres: boolean;
  /** PostgreSQL only: where other processes connect. */
  url: string | undefined;
  schema: string | undefined;
  /** A fresh pool on the same schema (PostgreSQL only), as another process would have. */
  openPool(size?: number): { db: Kysely<TestTables>; close(): Promise<void> };
  close(): Promise<void>;
}

/** Whether the suite runs on real PostgreSQL; concurrency tests need it (PGlite has one connection). */
export const isPostgresTestRun = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Its own PostgreSQL schema when `TEST_DATABASE_URL` is set (dropped on close), otherwise an in-memory
 * PGlite. No plugin: tests view it through `db.withPlugin(new CamelCasePlugin())` for the kernel's setup.
 */
export async function createJobsTestDatabase(): Promise<JobsTestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const pglite = await PGlite.create();
    const db = new Kysely<TestTables>({ dialect: new PGliteDialect({ pglite }) });
    await migrateJobs(db);
    return {
      db,
      isPostgres: false,
      url: undefined,
      schema: undefined,
      openPool: () => {
        throw new Error("PGlite has one connection");
      },
      close: () => db.destroy(),
    };
  }

  const schema = `jobs_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const openPool = (size = 10) => {
    const pool = new pg.Pool({ connectionString: url, max: size, options: `-c search_path=${schema}` });
    const db = new Kysely<TestTables>({ dialect: new PostgresDialect({ pool }) });
    return { db, close: () => db.destroy() };
  };
  const main = openPool(20);
  await migrateJobs(main.db);
  return {
    db: main.db,
    isPostgres: true,
    url,
    schema,
    openPool,
    close: async () => {
      await main.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

/** Status and attempts of every job, oldest first, for assertions. */
export async function jobStates(db: Kysely<TestTables>): Promise<{ id: string; status: string; attempts: number }[]> {
  const result = await sql<{ id: string; status: string; attempts: number }>`
    select id, status, attempts from jobs order by created_at, id
  `.execute(db.withoutPlugins());
  return result.rows;
}
