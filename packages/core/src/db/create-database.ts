import { mkdirSync } from "node:fs";
import { Kysely, PGliteDialect, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import type { DatabaseConfig } from "./database-config.js";
import { columnNamesPlugin, snakeCaseIdentifiers } from "./column-names.js";
import type { CoreTables } from "./core-tables.js";
import { INT8_OID, parseSafeInteger } from "./safe-integer.js";
import { holdDataDir } from "./data-dir-lock.js";
import { preparingPool } from "./preparing-pool.js";

/** An open database: the Kysely instance and what the kernel needs to manage it. */
export interface Database {
  db: Kysely<CoreTables>;
  dialect: "postgres" | "pglite";
  /** Schema every table lives in. */
  schema: string;
  /** Resolves when the database answers; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * Subscribes to `NOTIFY` on `channel` (the job queue wakes on it). Resolves once listening, with the
   * function that stops it. On PostgreSQL it holds one dedicated connection outside the pool.
   */
  listen: Listen;
  /** Connections of the pool (PostgreSQL); absent on the embedded database, which has one. */
  poolUsage?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

/** Subscribes to a notification channel; resolves with the unsubscribe function. */
export type Listen = (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Opens PostgreSQL through `pg` when `url` is set, otherwise embedded PGlite persisted in `dataDir`.
 * Columns are snake_case in SQL and camelCase in TypeScript (`column-names.ts`), so the same queries and
 * migrations run on both.
 */
export async function createDatabase(config: DatabaseConfig = {}): Promise<Database> {
  const schema = config.schema ?? "public";
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid database schema name: ${schema}`);
  return config.url
    ? openPostgres(config.url, schema, config.poolSize ?? 10, config.preparedStatements ?? true)
    : openPglite(config.dataDir ?? ".data", schema, config.lockHolder ?? "another process");
}

async function openPostgres(url: string, schema: string, poolSize: number, isPreparing: boolean): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    // Every connection works in the configured schema; tests give each file its own. Prepared statements
    // are planned for each run's values: see `preparingPool`.
    options: `-c search_path=${schema}${isPreparing ? " -c plan_cache_mode=force_custom_plan" : ""}`,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === INT8_OID ? parseSafeInteger : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its connection must not crash the process; the next query reports it.
  pool.on("error", () => {});
  // Nor a checked-out one (a transaction between its queries, when PostgreSQL restarts or fails over): the
  // pool listens only to idle clients, and an unhandled 'error' event would end the process. Its query
  // fails instead, and the pool drops it on release.
  pool.on("connect", (client) => client.on("error", () => {}));
  if (schema !== "public") await pool.query(`create schema if not exists ${schema}`);
  const db = new Kysely<CoreTables>({
    dialect: snakeCaseIdentifiers(new PostgresDialect({ pool: isPreparing ? preparingPool(pool) : pool })),
    plugins: [columnNamesPlugin()],
  });
  return {
    db,
    dialect: "postgres",
    schema,
    poolUsage: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    listen: (channel, onNotify) => listenOnPostgres(url, channel, onNotify),
    close: () => db.destroy(),
  };
}

async function openPglite(dataDir: string, schema: string, lockHolder: string): Promise<Database> {
  const isMemory = dataDir.startsWith("memory://");
  if (!isMemory) mkdirSync(dataDir, { recursive: true });
  const release = isMemory ? () => {} : holdDataDir(dataDir, lockHolder);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(isMemory ? undefined : dataDir, { parsers: { [INT8_OID]: parseSafeInteger } });
  } catch (error) {
    release();
    throw error;
  }
  if (schema !== "public") await pglite.exec(`create schema if not exists ${schema}; set search_path to ${schema}`);
  let isClosed = false;
  const db = new Kysely<CoreTables>({
    dialect: snakeCaseIdentifiers(new PGliteDialect({ pglite })),
    plugins: [columnNamesPlugin()],
  });
  return {
    db,
    dialect: "pglite",
    schema,
    ping: async () => {
      if (isClosed) throw new Error("The embedded database is closed");
      await sql`select 1`.execute(db);
    },
    listen: async (channel, onNotify) => {
      const unlisten = await pglite.listen(channel, onNotify);
      return async () => {
        if (!isClosed) await unlisten();
      };
    },
    close: async () => {
      if (isClosed) return;
      isClosed = true;
      try {
        await db.destroy();
      } finally {
        release();
      }
    },
  };
}

/**
 * LISTEN on a connection of its own: a pooled connection would be handed to other queries. A lost
 * connection is not repaired here; listeners poll as well, so they only lose the instant wake-up.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  client.on("notification", (message) => {
    if (message.channel === channel) onNotify(message.payload ?? "");
  });
  await client.connect();
  await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  return () => client.end();
}
