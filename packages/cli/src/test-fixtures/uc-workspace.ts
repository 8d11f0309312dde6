import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, type Database } from "@unified-commerce/core";
import { expect } from "vitest";

/**
 * A test file's own place for `uc`: a working directory, and its own schema on `TEST_DATABASE_URL` (or an
 * embedded database under the directory), handed to the spawned `uc` through the fixture config's variables.
 */
export function ucWorkspace(prefix: string) {
  const workDir = mkdtempSync(join(tmpdir(), `uc-${prefix}-`));
  const url = process.env.TEST_DATABASE_URL;
  const schema = `cli${prefix}_${randomBytes(5).toString("hex")}`;
  const dataDir = join(workDir, "data");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    INIT_CWD: workDir,
    ...(url ? { UC_TEST_DATABASE_URL: url, UC_TEST_SCHEMA: schema } : { UC_TEST_DATA_DIR: dataDir }),
  };

  /** Opens the database `uc` uses, for one look (the embedded one admits one process at a time). */
  async function inDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
    const database = await createDatabase(url ? { url, schema } : { dataDir });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  return {
    workDir,
    env,
    inDatabase,
    /** Drops the file's schema (`afterAll`); the embedded database goes with its directory. */
    cleanUp: async (): Promise<void> => {
      if (url) await inDatabase(({ db }) => db.schema.dropSchema(schema).ifExists().cascade().execute());
    },
  };
}

/** `uc` refused with one line on stderr, `uc: …`, and the exit code. */
export function expectOneLineError(result: { code: number | null; stderr: string }, code = 1): void {
  expect(result.code, result.stderr).toBe(code);
  expect(result.stderr.trim().split("\n"), result.stderr).toHaveLength(1);
  expect(result.stderr).toMatch(/^uc: /);
}
