import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createJobQueue, isJobsError, type ProcessingOrder, type TaskDefinition } from "./index.js";
import { createJobsTestDatabase, type JobsTestDatabase } from "./testing/jobs-test-database.js";

const org = "org_1";

describe("processing order", () => {
  let database: JobsTestDatabase;
  const ran: string[] = [];
  const record = (slug: string): TaskDefinition<{ name: string }> => ({
    slug,
    handler: (input) => {
      ran.push(input.name);
    },
  });
  const tasks = [record("b/second"), record("a/first"), record("c/third")];

  beforeAll(async () => {
    database = await createJobsTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    ran.length = 0;
    await sql`delete from jobs`.execute(database.db.withoutPlugins());
    const producer = createJobQueue({ tasks });
    // Enqueued in this order: createdAt ascending is old, mid, new.
    await producer.enqueue(database.db, "b/second", { name: "old" }, { organizationId: org });
    await producer.enqueue(database.db, "c/third", { name: "mid" }, { organizationId: org });
    await producer.enqueue(database.db, "a/first", { name: "new" }, { organizationId: org });
    await sql`update jobs set attempts = 2, max_attempts = 5 where input->>'name' = 'mid'`.execute(
      database.db.withoutPlugins(),
    );
  });

  const runWith = async (processingOrder: ProcessingOrder | undefined, limit = 10): Promise<string[]> => {
    const queue = createJobQueue(processingOrder ? { tasks, processingOrder } : { tasks });
    await queue.runPendingJobs({ db: database.db, limit });
    return [...ran];
  };

  it("runs the oldest job first by default", async () => {
    expect(await runWith(undefined)).toEqual(["old", "mid", "new"]);
  });

  it("claims by the configured field: the newest when createdAt is descending", async () => {
    expect(await runWith({ field: "createdAt", direction: "desc" }, 1)).toEqual(["new"]);
  });

  it("orders by attempts and task slug", async () => {
    expect(await runWith({ field: "attempts", direction: "desc" })).toEqual(["mid", "old", "new"]);
    ran.length = 0;
    await sql`update jobs set status = 'pending', attempts = 0`.execute(database.db.withoutPlugins());
    expect(await runWith({ field: "taskSlug", direction: "asc" })).toEqual(["new", "old", "mid"]);
  });

  it("orders each claimed batch with a comparator", async () => {
    const byNameLength = (a: { input: unknown }, b: { input: unknown }) =>
      String((b.input as { name: string }).name).localeCompare(String((a.input as { name: string }).name));
    expect(await runWith((a, b) => byNameLength(a, b))).toEqual(["old", "new", "mid"]);
  });

  // Regression: ties of created_at were broken by the random id, so on PGlite (whose clock counts whole
  // milliseconds) jobs enqueued in the same millisecond ran in random order.
  it("runs jobs created in the same clock tick in enqueue order", async () => {
    await sql`delete from jobs`.execute(database.db.withoutPlugins());
    const producer = createJobQueue({ tasks });
    const names = Array.from({ length: 20 }, (_, index) => `job-${String(index).padStart(2, "0")}`);
    for (const name of names) await producer.enqueue(database.db, "a/first", { name }, { organizationId: org });
    // Force the tie wherever the clock is finer than the loop above.
    await sql`update jobs set created_at = '2026-01-01T00:00:00Z'`.execute(database.db.withoutPlugins());
    expect(await runWith(undefined, 20)).toEqual(names);
  });

  it("rejects an unknown field", () => {
    const attempt = () =>
      createJobQueue({ tasks, processingOrder: { field: "priority" as "createdAt", direction: "asc" } });
    expect(attempt).toThrow();
    try {
      attempt();
    } catch (error) {
      expect(isJobsError(error, "INVALID_OPTIONS")).toBe(true);
    }
  });
});
