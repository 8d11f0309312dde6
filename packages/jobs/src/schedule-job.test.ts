import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createJobQueue } from "./index.js";
import { createJobsTestDatabase, isPostgresTestRun, type JobsTestDatabase } from "./testing/jobs-test-database.js";

const org = "org_1";
const queue = createJobQueue({ tasks: [{ slug: "test/tick", handler: () => "ticked" }] });

let database: JobsTestDatabase;
beforeAll(async () => {
  database = await createJobsTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await sql`delete from jobs`.execute(database.db);
});

async function pendingTicks() {
  const { rows } = await sql<{
    organization_id: string;
    concurrency_key: string;
    is_exclusive: boolean;
    delayed: boolean;
  }>`
    select organization_id, concurrency_key, is_exclusive, coalesce(wait_until > now() + interval '1 minute', false) as delayed
    from jobs where task_slug = 'test/tick' and status = 'pending' order by seq`.execute(database.db);
  return rows;
}

describe("schedule", () => {
  it("replaces the pending run of the task in the organization, keyed by its slug and exclusive", async () => {
    await queue.schedule(database.db, "test/tick", { organizationId: org });
    await queue.schedule(database.db, "test/tick", { organizationId: org, delayMs: 600_000 });
    await queue.schedule(database.db, "test/tick", { organizationId: "org_2" });
    expect(await pendingTicks()).toEqual([
      { organization_id: org, concurrency_key: "test/tick", is_exclusive: true, delayed: true },
      { organization_id: "org_2", concurrency_key: "test/tick", is_exclusive: true, delayed: false },
    ]);
  });

  it("joins the caller's transaction: a rollback leaves the pending run as it was", async () => {
    await queue.schedule(database.db, "test/tick", { organizationId: org });
    await expect(
      database.db.transaction().execute(async (trx) => {
        await queue.schedule(trx, "test/tick", { organizationId: org, delayMs: 600_000 });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await pendingTicks()).toEqual([
      { organization_id: org, concurrency_key: "test/tick", is_exclusive: true, delayed: false },
    ]);
  });
});

// Real concurrency needs real connections: PGlite has one.
describe.skipIf(!isPostgresTestRun)("schedule from many processes at once (PostgreSQL)", () => {
  it("leaves exactly one pending run after 20 concurrent calls from four pools", async () => {
    const pools = Array.from({ length: 4 }, () => database.openPool(5));
    try {
      await Promise.all(
        pools.flatMap(({ db }) =>
          Array.from({ length: 5 }, () => queue.schedule(db, "test/tick", { organizationId: org })),
        ),
      );
      expect(await pendingTicks()).toHaveLength(1);
    } finally {
      await Promise.all(pools.map((pool) => pool.close()));
    }
  });
});
