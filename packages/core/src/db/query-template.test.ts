import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "../testing/index.js";
import type { Database } from "./create-database.js";
import { anyOf, queryTemplate } from "./query-template.js";

type Things = {
  things: { id: string; name: string; kind: string; weight: number };
};

describe("queryTemplate", () => {
  let database: Database;
  const ids = [
    "00000000-0000-4000-8000-000000000001",
    "00000000-0000-4000-8000-000000000002",
    "00000000-0000-4000-8000-000000000003",
  ];

  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`create table things (id uuid primary key, name text not null, kind text not null, weight integer not null)`.execute(
      database.db,
    );
    await sql`insert into things values (${ids[0]}, 'mug', 'kitchen', 300), (${ids[1]}, 'cup', 'kitchen', 200), (${ids[2]}, 'pen', 'office', 10)`.execute(
      database.db,
    );
  });
  afterAll(() => database.close());

  const things = (db: Database["db"]) => db.withTables<Things>();

  it("builds once and binds each run's arguments, keeping the values written in the build", async () => {
    const build = vi.fn((db: Database["db"], args: { kind: string; minWeight: number }) =>
      things(db)
        .selectFrom("things")
        .select(["name", "weight"])
        .where("kind", "=", args.kind)
        .where("weight", ">=", args.minWeight)
        .where("name", "<>", "nothing")
        .orderBy("name"),
    );
    const heavyOfKind = queryTemplate(build);
    expect((await heavyOfKind.execute(database.db, { kind: "kitchen", minWeight: 250 })).rows).toEqual([
      { name: "mug", weight: 300 },
    ]);
    expect(
      (await heavyOfKind.execute(database.db, { kind: "kitchen", minWeight: 0 })).rows.map((row) => row.name),
    ).toEqual(["cup", "mug"]);
    expect((await heavyOfKind.execute(database.db, { kind: "office", minWeight: 0 })).rows).toEqual([
      { name: "pen", weight: 10 },
    ]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it("takes a list of any length as one argument (anyOf), the empty list included", async () => {
    const named = queryTemplate((db, args: { ids: readonly string[] }) =>
      things(db).selectFrom("things").select("name").where("id", "=", anyOf(args.ids, "uuid")).orderBy("name"),
    );
    expect((await named.execute(database.db, { ids })).rows.map((row) => row.name)).toEqual(["cup", "mug", "pen"]);
    expect((await named.execute(database.db, { ids: [ids[2] as string] })).rows).toEqual([{ name: "pen" }]);
    expect((await named.execute(database.db, { ids: [] })).rows).toEqual([]);
  });

  it("takes a sql template as well as a query builder", async () => {
    const weightOf = queryTemplate(
      (_db, args: { name: string }) => sql<{ weight: number }>`select weight from things where name = ${args.name}`,
    );
    expect((await weightOf.execute(database.db, { name: "cup" })).rows).toEqual([{ weight: 200 }]);
    expect((await weightOf.execute(database.db, { name: "pen" })).rows).toEqual([{ weight: 10 }]);
  });

  it("runs in the caller's transaction and reports affected rows", async () => {
    const rename = queryTemplate((db, args: { id: string; name: string }) =>
      things(db).updateTable("things").set({ name: args.name }).where("id", "=", args.id),
    );
    await database.db
      .transaction()
      .execute(async (trx) => {
        expect((await rename.execute(trx, { id: ids[0] as string, name: "renamed" })).numAffectedRows).toBe(1n);
        throw new Error("roll back");
      })
      .catch(() => {});
    const row = await things(database.db)
      .selectFrom("things")
      .select("name")
      .where("id", "=", ids[0] as string)
      .executeTakeFirst();
    expect(row).toEqual({ name: "mug" });
  });

  it("refuses an argument used as a value while building, spread arguments, a moment written in the build, and a missing argument", async () => {
    const computed = queryTemplate((db, args: { weight: number }) =>
      things(db)
        .selectFrom("things")
        .select("name")
        .where("weight", "=", args.weight * 2),
    );
    await expect(computed.execute(database.db, { weight: 1 })).rejects.toThrow(
      /"weight" was used as a value while building/,
    );
    const interpolated = queryTemplate((db, args: { name: string }) =>
      things(db).selectFrom("things").select("name").where("name", "=", `${args.name}!`),
    );
    await expect(interpolated.execute(database.db, { name: "mug" })).rejects.toThrow(/"name" was used as a value/);
    const stringified = queryTemplate((db, args: { kind: string }) =>
      things(db)
        .selectFrom("things")
        .select("name")
        .where("name", "=", JSON.stringify({ kind: args.kind })),
    );
    await expect(stringified.execute(database.db, { kind: "x" })).rejects.toThrow(/"kind" was used as a value/);

    const dated = queryTemplate(() => sql`select ${new Date()}::timestamptz as at`);
    await expect(dated.execute(database.db, {})).rejects.toThrow(/a moment written while building it/);

    const spread = queryTemplate((db, args: { id: string; name: string; kind: string; weight: number }) =>
      things(db)
        .insertInto("things")
        .values({ ...args }),
    );
    await expect(
      spread.execute(database.db, { id: ids[0] as string, name: "x", kind: "x", weight: 1 }),
    ).rejects.toThrow(/name each one/);

    const byKind = queryTemplate((db, args: { kind: string }) =>
      things(db).selectFrom("things").select("name").where("kind", "=", args.kind),
    );
    await expect(byKind.execute(database.db, {} as { kind: string })).rejects.toThrow(/"kind" is missing/);
  });
});
