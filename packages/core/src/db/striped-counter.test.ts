import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/index.js";
import type { Database } from "./create-database.js";
import { STRIPES, TRANSACTION_STRIPE, stripedCounterTableStatement } from "./striped-counter.js";

describe("striped counters", () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    const table = stripedCounterTableStatement({
      table: "hits",
      key: ["page text not null"],
      values: ["count bigint"],
    });
    await sql.raw(table).execute(database.db);
  });
  afterAll(() => database.close());

  it("adds each transaction to its stripe and sums exactly over the stripes", async () => {
    for (let i = 0; i < 40; i++) {
      await database.db.transaction().execute((trx) =>
        sql
          .raw(`insert into hits as h (page, slot, count) values ('home', ${TRANSACTION_STRIPE}, 1)
            on conflict (page, slot) do update set count = h.count + 1`)
          .execute(trx),
      );
    }
    const { rows } = await sql<{ total: string; stripes: string }>`
      select sum(count) as total, count(*) as stripes from hits where page = 'home'`.execute(database.db);
    expect(Number(rows[0]?.total)).toBe(40);
    expect(Number(rows[0]?.stripes)).toBeGreaterThan(1);
    expect(Number(rows[0]?.stripes)).toBeLessThanOrEqual(STRIPES);
  });
});
