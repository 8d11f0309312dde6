import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/index.js";
import type { Database } from "./create-database.js";
import { analyzeGrownTables } from "./analyze-grown-tables.js";

describe("analyzeGrownTables", () => {
  let database: Database;
  const statistics = async () =>
    (
      await sql<{
        count: string;
      }>`select count(*) as count from pg_stats where schemaname = current_schema() and tablename = 'grown'`.execute(
        database.db,
      )
    ).rows[0]?.count;

  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`create table grown (id int primary key, label text)`.execute(database.db);
  });
  afterAll(() => database.close());

  it("leaves a small table to autovacuum", async () => {
    await sql`insert into grown select g, 'row ' || g from generate_series(1, 10) g`.execute(database.db);
    expect(await analyzeGrownTables(database.db)).not.toContain("grown");
  });

  it("analyzes a table that doubled since its last analyze, and only then", async () => {
    await sql`insert into grown select g, 'row ' || g from generate_series(11, 5000) g`.execute(database.db);
    // Activity counters reach the shared statistics when a backend goes idle, at most once a second.
    await expect.poll(() => analyzeGrownTables(database.db), { timeout: 10_000, interval: 250 }).toContain("grown");
    expect(Number(await statistics())).toBeGreaterThan(0);
    expect(await analyzeGrownTables(database.db)).not.toContain("grown");
  });
});
