import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "./create-database.js";
import { allowGenericPlans } from "./generic-plans.js";
import { PREPARED_PER_CONNECTION } from "./preparing-pool.js";

// The embedded database has no pool and no prepared statements of ours: PostgreSQL only.
const url = process.env.TEST_DATABASE_URL;
const schema = `prep_${randomBytes(5).toString("hex")}`;

describe.skipIf(!url)("prepared statements (PostgreSQL)", () => {
  let database: Database;
  let admin: pg.Client;
  // One connection, so every query of a test sees what the ones before it prepared.
  const db = (): Kysely<Record<string, Record<string, unknown>>> =>
    database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const prepared = async (): Promise<string[]> =>
    (
      await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements where name like 'uc\\_%' order by statement`.execute(database.db)
    ).rows.map((row) => row.statement);

  beforeAll(async () => {
    database = await createDatabase({ url: url as string, schema, poolSize: 1 });
    admin = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await admin.connect();
    await admin.query("create table notes (id integer primary key, body text not null)");
    await admin.query("insert into notes values (1, 'one'), (2, 'two')");
  });
  afterAll(async () => {
    await database.close();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  it("prepares a text with parameters once per connection, and runs those without any unnamed", async () => {
    for (const id of [1, 2, 1]) await db().selectFrom("notes").select("body").where("id", "=", id).execute();
    await sql`select count(*) from notes`.execute(database.db);
    expect(await prepared()).toEqual(['select "body" from "notes" where "id" = $1']);
    expect(await db().selectFrom("notes").select("body").where("id", "=", 2).execute()).toEqual([{ body: "two" }]);
  });

  it("runs a statement again after another process changed its result columns, outside a transaction", async () => {
    const read = () => db().selectFrom("notes").selectAll().where("id", "=", 1).execute();
    expect(await read()).toEqual([{ id: 1, body: "one" }]);
    await admin.query("alter table notes add column tag text not null default 'new'");
    expect(await read()).toEqual([{ id: 1, body: "one", tag: "new" }]);
    expect(await read()).toEqual([{ id: 1, body: "one", tag: "new" }]);
  });

  it("fails a transaction that met a stale statement, and the next one runs it", async () => {
    const read = (trx: Kysely<Record<string, Record<string, unknown>>>) =>
      trx.selectFrom("notes").selectAll().where("body", "=", "two").execute();
    await read(db());
    await admin.query("alter table notes add column rank integer");
    const outcome = await db()
      .transaction()
      .execute(async (trx) => read(trx))
      .then(
        () => "committed",
        (error: { code?: string; message?: string }) => `${error.code} ${error.message}`,
      );
    expect(outcome).toBe("0A000 cached plan must not change result type");
    const again = await db()
      .transaction()
      .execute(async (trx) => read(trx));
    expect(again).toHaveLength(1);
  });

  it("keeps a statement first prepared by a transaction that rolled back", async () => {
    const read = () => db().selectFrom("notes").select("id").where("body", "=", "one").where("id", ">", 0).execute();
    const outcome = await db()
      .transaction()
      .execute(async (trx) => {
        await trx.selectFrom("notes").select("id").where("body", "=", "one").where("id", ">", 0).execute();
        throw new Error("rolled back");
      })
      .catch((error: Error) => error.message);
    expect(outcome).toBe("rolled back");
    expect(await read()).toEqual([{ id: 1 }]);
  });

  it("plans every run for its values, except in a transaction that allows generic plans", async () => {
    const text = 'select "body" from "notes" where "id" = $1 and "body" <> $2';
    const plans = async () =>
      (
        await sql<{
          generic: number;
          custom: number;
        }>`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement = ${text}`.execute(
          database.db,
        )
      ).rows[0];
    const read = (trx: Kysely<Record<string, Record<string, unknown>>>) =>
      trx.selectFrom("notes").select("body").where("id", "=", 1).where("body", "<>", "x").execute();
    for (let i = 0; i < 8; i++) await read(db());
    expect(await plans()).toEqual({ generic: 0, custom: 8 });
    await db()
      .transaction()
      .execute(async (trx) => {
        await allowGenericPlans(trx);
        for (let i = 0; i < 8; i++) await read(trx);
      });
    const after = await plans();
    expect(after?.generic).toBeGreaterThan(0);
    // The setting ended with the transaction.
    await read(db());
    expect((await plans())?.custom).toBe((after?.custom ?? 0) + 1);
  });

  it(`keeps at most ${PREPARED_PER_CONNECTION} statements on a connection; texts past that run unnamed`, async () => {
    for (let i = 0; i < PREPARED_PER_CONNECTION + 20; i++) {
      const rows = await sql<{ n: number }>`select ${i}::int + ${sql.raw(String(i))} as n`.execute(database.db);
      expect(rows.rows).toEqual([{ n: 2 * i }]);
    }
    expect((await prepared()).length).toBe(PREPARED_PER_CONNECTION);
  });

  it("prepares nothing when preparedStatements is off", async () => {
    const unprepared = await createDatabase({ url: url as string, schema, poolSize: 1, preparedStatements: false });
    try {
      const count = async () =>
        (await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(unprepared.db)).rows[0]
          ?.n;
      const before = await count();
      const rows = await (unprepared.db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .selectFrom("notes")
        .select("body")
        .where("id", "=", 1)
        .execute();
      expect(rows).toEqual([{ body: "one" }]);
      expect(await count()).toBe(before);
      expect(before).toBe(0);
    } finally {
      await unprepared.close();
    }
  });

  it("runs multi-row inserts with many parameters unnamed", async () => {
    const before = await prepared();
    const rows = Array.from({ length: 40 }, (_, i) => ({ id: 100 + i, body: `bulk ${i}` }));
    await db().insertInto("notes").values(rows).execute();
    expect(await prepared()).toEqual(before);
    const count = await sql<{ n: number }>`select count(*)::int as n from notes`.execute(database.db);
    expect(count.rows[0]?.n).toBe(42);
  });
});
