import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/index.js";
import type { Database } from "./create-database.js";
import { takeWithinWindow, type WindowLimit } from "./windowed-limit.js";

describe("takeWithinWindow", () => {
  let database: Database;
  const NAMESPACE = 0x7465_7374;

  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`create table attempts (key text not null, created_at timestamptz not null default now())`.execute(
      database.db,
    );
  });
  afterAll(() => database.close());

  const rowsOf = async (key: string) => {
    const counted = sql<{ count: string }>`select count(*) as count from attempts where key = ${key}`;
    const { rows } = await counted.execute(database.db);
    return Number(rows[0]?.count);
  };

  /** One attempt under `limits`, counted over the table's rows of the last hour. */
  const attempt = (limits: readonly WindowLimit[]) =>
    database.db.transaction().execute((trx) =>
      takeWithinWindow(trx, NAMESPACE, limits, {
        count: async () => {
          const { rows } = await sql<{ key: string; count: string }>`
            select key, count(*) as count from attempts
            where created_at > now() - interval '1 hour' group by key`.execute(trx);
          return (limit) => Number(rows.find((row) => row.key === limit.key)?.count ?? 0);
        },
        record: async () => {
          for (const limit of limits) await sql`insert into attempts (key) values (${limit.key})`.execute(trx);
          return limits.length;
        },
      }),
    );

  it("records until a limit is reached, then refuses with the first limit over and records nothing", async () => {
    const wide = { key: "wide", max: 10 };
    const narrow = { key: "narrow", max: 2 };
    expect(await attempt([wide, narrow])).toEqual({ isTaken: true, recorded: 2 });
    expect(await attempt([wide, narrow])).toEqual({ isTaken: true, recorded: 2 });
    expect(await attempt([wide, narrow])).toEqual({ isTaken: false, refusedBy: narrow });
    expect([await rowsOf("wide"), await rowsOf("narrow")]).toEqual([2, 2]);
    expect(await attempt([wide])).toEqual({ isTaken: true, recorded: 1 });
  });

  it("records at most max of one key when attempts arrive at once", async () => {
    const limit = { key: "crowded", max: 5 };
    const answers = await Promise.all(Array.from({ length: 20 }, () => attempt([limit])));
    expect(answers.filter((answer) => answer.isTaken)).toHaveLength(5);
    expect(await rowsOf("crowded")).toBe(5);
  });
});
