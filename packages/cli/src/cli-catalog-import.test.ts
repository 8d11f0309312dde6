import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { runUc } from "./test-fixtures/run-uc.js";
import { expectOneLineError, ucWorkspace } from "./test-fixtures/uc-workspace.js";

const { workDir, env, inDatabase, cleanUp } = ucWorkspace("import");
const uc = (...args: string[]) => runUc(env, args);

/** Each `uc` boots a kernel (the embedded database cold-starts): slow on a busy machine, never a measure. */
const SLOW = 180_000;

afterAll(cleanUp);

const csv = [
  "handle,title,status,option1_name,option1_value,sku,price_eur,stock",
  "cli-tee,CLI tee,active,Size,S,CLI-TEE-S,12.50,3",
  "cli-tee,,,,M,CLI-TEE-M,12.50,4",
  "Bad Handle,Broken,active,,,,,",
  "cli-mug,CLI mug,draft,,,CLI-MUG,8,",
].join("\n");

describe("uc catalog import and uc seed --entities", () => {
  it(
    "imports a CSV file with plain progress lines off a terminal, and lists refused lines",
    async () => {
      writeFileSync(join(workDir, "catalog.csv"), csv);
      const result = await uc("catalog", "import", "catalog.csv");
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(/^progress: 3\/3 rows \(2 created, 0 updated, 1 failed\)$/m);
      expect(result.stdout).toMatch(/Import [0-9a-f-]{36} completed: 3\/3 rows, 2 created, 0 updated, 1 failed\./);
      expect(result.stdout).toMatch(/line 4: slug: /);
      const variants = await inDatabase(async ({ db }) =>
        (await sql<{ sku: string }>`select sku from catalog_variants order by sku`.execute(db)).rows.map(
          (row) => row.sku,
        ),
      );
      expect(variants).toEqual(["CLI-MUG", "CLI-TEE-M", "CLI-TEE-S"]);
    },
    SLOW,
  );

  it(
    "--json prints the import once; running the same file again updates instead of duplicating",
    async () => {
      const result = await uc("catalog", "import", "catalog.csv", "--json");
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toBe("");
      const summary = JSON.parse(result.stdout);
      expect(summary).toMatchObject({
        status: "completed",
        format: "csv",
        filename: "catalog.csv",
        rowsTotal: 3,
        created: 0,
        updated: 2,
        failed: 1,
        errors: [{ line: 4 }],
      });
    },
    SLOW,
  );

  it(
    "refuses a missing file, a body that is not CSV, and a bad format with one line",
    async () => {
      expectOneLineError(await uc("catalog", "import", "missing.csv"));
      writeFileSync(join(workDir, "not.csv"), '{"slug":"x"}\n');
      const notCsv = await uc("catalog", "import", "not.csv");
      expectOneLineError(notCsv);
      expect(notCsv.stderr).toMatch(/header naming a handle/);
      expectOneLineError(await uc("catalog", "import", "catalog.txt"), 2);
      expectOneLineError(await uc("catalog", "import"), 2);
    },
    SLOW,
  );

  it(
    "seed --entities makes a generated catalog through the same import",
    async () => {
      const result = await uc("seed", "--entities", "120", "--json");
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ status: "completed", rowsTotal: 120, created: 120, failed: 0 });
      const counted = await inDatabase(
        async ({ db }) =>
          (
            await sql<{ n: string }>`select count(*)::text as n from catalog_variants where sku like 'SEED-%'`.execute(
              db,
            )
          ).rows[0]?.n,
      );
      expect(counted).toBe("240");
    },
    SLOW,
  );
});
