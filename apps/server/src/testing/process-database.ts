import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createDatabase, type Database } from "@unified-commerce/core";

/** The database of the server processes one test file spawns, and how the test reads and removes it. */
export interface ProcessDatabase {
  /** The environment that points a spawned `main.ts` or `worker.ts` at it. */
  env: Record<string, string>;
  /** Opens it from the test (close it before the processes need the embedded database again). */
  open(): Promise<Database>;
  remove(): Promise<void>;
}

/**
 * A schema of its own on `TEST_DATABASE_URL` when set, else an embedded database in a temporary
 * directory: what the processes of one test file share, removed afterwards.
 */
export async function processDatabase(name: string): Promise<ProcessDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const schema = `${name}_${randomBytes(5).toString("hex")}`;
  const dataDir = await mkdtemp(join(tmpdir(), `uc-${name}-`));
  return {
    env: url ? { DATABASE_URL: url, DATABASE_SCHEMA: schema } : { DATA_DIR: dataDir },
    open: () => createDatabase(url ? { url, schema } : { dataDir }),
    remove: async () => {
      await rm(dataDir, { recursive: true, force: true });
      if (!url) return;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop schema if exists ${schema} cascade`);
      } finally {
        await client.end();
      }
    },
  };
}
