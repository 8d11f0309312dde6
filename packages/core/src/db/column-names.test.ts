import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/index.js";
import type { Database } from "./create-database.js";

describe("column names", () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`create table named_things (thing_id int primary key, display_name text, details jsonb)`.execute(
      database.db,
    );
  });
  afterAll(() => database.close());

  // The tests view the kernel's database without its table types.
  const db = () => database.db.withTables<{ namedThings: { thingId: number; displayName: string; details: string } }>();

  it("writes every identifier in snake_case: tables, columns, aliases and sql.ref", () => {
    const query = db()
      .selectFrom("namedThings")
      .select(["thingId", "displayName as shownName", sql.ref<string>("namedThings.displayName").as("refName")])
      .where("thingId", "=", 1)
      .compile();
    expect(query.sql).toBe(
      'select "thing_id", "display_name" as "shown_name", "named_things"."display_name" as "ref_name" from "named_things" where "thing_id" = $1',
    );
  });

  it("answers columns in camelCase and keeps the keys inside JSON values as stored", async () => {
    await db()
      .insertInto("namedThings")
      .values({
        thingId: 1,
        displayName: "One",
        details: JSON.stringify({ external_id: 7, nestedKey: { snake_case: true } }),
      })
      .execute();
    const row = await db()
      .selectFrom("namedThings")
      .select(["thingId", "displayName as shownName", "details"])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ thingId: 1, shownName: "One", details: { external_id: 7, nestedKey: { snake_case: true } } });
  });

  it("leaves raw SQL as written", async () => {
    const { rows } = await sql<{ display_name: string }>`select display_name from named_things`.execute(
      database.db.withoutPlugins(),
    );
    expect(rows).toEqual([{ display_name: "One" }]);
  });
});
