import { CamelCasePlugin, sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJobQueue, jobsMigrations, migrateJobs } from "./index.js";
import { createJobsTestDatabase, type JobsTestDatabase } from "./testing/jobs-test-database.js";

// The kernel's migration type: the migrations must fit it without a cast.
const asKernelMigrations: readonly { name: string; up(db: Kysely<unknown>): Promise<void> }[] = jobsMigrations;

describe("jobs migrations", () => {
  let database: JobsTestDatabase;

  beforeAll(async () => {
    database = await createJobsTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("migrateJobs is idempotent", async () => {
    await migrateJobs(database.db);
    await migrateJobs(database.db.withPlugin(new CamelCasePlugin()));
    const applied = await sql<{ name: string }>`select name from jobs_migrations`.execute(database.db);
    expect(applied.rows.map((row) => row.name)).toEqual(jobsMigrations.map((migration) => migration.name));
  });

  it("applies inside a caller's transaction on a CamelCasePlugin instance, as the kernel does", async () => {
    // The kernel holds its instance as Kysely<unknown> when it runs migrations.
    const kernelDb = database.db.withPlugin(new CamelCasePlugin()) as unknown as Kysely<unknown>;
    await kernelDb.transaction().execute(async (trx) => {
      await sql`create schema kernel_style`.execute(trx);
      await sql`set local search_path to kernel_style`.execute(trx);
      for (const migration of asKernelMigrations) await migration.up(trx);
      const queue = createJobQueue({ tasks: [{ slug: "test/ok", handler: () => "ok" }] });
      await queue.enqueue(trx, "test/ok", {}, { organizationId: "org_1" });
      expect(await queue.runPendingJobs({ db: trx })).toMatchObject({ succeeded: 1 });
      await sql`drop schema kernel_style cascade`.execute(trx);
    });
  });

  it("the claim function refuses an order clause that is not a column list", async () => {
    await expect(
      sql`select * from jobs_claim('default', 1, 'w', 1000, 'j.id; drop table jobs', false)`.execute(database.db),
    ).rejects.toThrow(/invalid order/);
  });
});
