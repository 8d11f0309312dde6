import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDatabase, type Database } from "../db/create-database.js";

/**
 * A database for one test file: its own PostgreSQL schema when `TEST_DATABASE_URL` is set (dropped on
 * close), otherwise an in-memory PGlite. Files therefore run in parallel without sharing rows.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return createDatabase({ dataDir: "memory://" });

  const schema = `t_${randomBytes(6).toString("hex")}`;
  await withClient(url, (client) => client.query(`create schema ${schema}`));
  const database = await createDatabase({ url, schema, poolSize: 20 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withClient(url, (client) => client.query(`drop schema if exists ${schema} cascade`));
    },
  };
}

/**
 * Another connection pool to the PostgreSQL schema of a test database already created (by another test
 * app, maybe in another process): what a second process of the same store sees. Closing it leaves the
 * schema to its creator.
 */
export async function joinTestDatabase(schema: string): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("joinTestDatabase needs TEST_DATABASE_URL: the embedded database has one connection");
  return createDatabase({ url, schema });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Whether the suite runs on real PostgreSQL (concurrency tests need it: PGlite has one connection). */
export const isPostgresTestRun = (): boolean => Boolean(process.env.TEST_DATABASE_URL);
