import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { definePlugin, type Plugin } from "../../kernel/plugin.js";
import { defineTask } from "../../kernel/kernel-task.js";
import {
  createTestActor,
  createTestApp,
  jsonHeaders,
  testAdminActor,
  testStaffActor,
  type TestApp,
} from "../../testing/index.js";

declare module "../../kernel/kernel-task.js" {
  interface TaskInputs {
    "test/echo": { text: string };
    "test/explode": Record<string, never>;
  }
}

const admin = createTestActor({ id: "jobs-admin", permissions: ["jobs:admin"] });
const otherAdmin = createTestActor({
  id: "other-jobs-admin",
  permissions: ["jobs:admin"],
  organizationId: "other-store",
});

/** A plugin with two tasks: one that echoes through a service, one that always throws. */
function tasksPlugin(): Plugin {
  return definePlugin({
    id: "test-tasks",
    version: "1.0.0",
    tasks: [
      defineTask({
        slug: "test/echo",
        handler: async ({ text }, { services, job }) => ({
          text,
          organizationId: job.organizationId,
          hasJobs: typeof services.jobs.enqueue === "function",
        }),
      }),
      defineTask({
        slug: "test/explode",
        retries: { attempts: 2, backoff: { type: "fixed", delay: 60_000 } },
        handler: async () => {
          throw new Error("boom");
        },
      }),
    ],
  });
}

async function enqueue(t: TestApp, slug: string, input: unknown, organizationId = "default") {
  return t.kernel.services.jobs.enqueue(slug, input, { organizationId });
}

async function jobStatus(t: TestApp, id: string) {
  const result = await sql<{ status: string; attempts: number; error: string | null; output: unknown }>`
    select status, attempts, error, output from jobs where id = ${id}`.execute(t.db);
  return result.rows[0];
}

describe("jobs through HTTP", () => {
  let t: TestApp;
  const run = (query = "") => t.app.inject({ url: `/api/jobs/run${query}` });

  beforeAll(async () => {
    t = await createTestApp({ config: { plugins: [tasksPlugin()] } });
  });
  afterAll(() => t.close());

  it("runs due jobs from the cron route and stores their output", async () => {
    const job = await enqueue(t, "test/echo", { text: "hello" });
    const response = await run("?limit=50");
    expect(response.statusCode).toBe(200);
    expect(response.json().data.succeeded).toBeGreaterThanOrEqual(1);
    expect(await jobStatus(t, job.id)).toMatchObject({
      status: "succeeded",
      attempts: 1,
      output: { text: "hello", organizationId: "default", hasJobs: true },
    });
  });

  it("only runs the queue it is asked for", async () => {
    const job = await t.kernel.services.jobs.enqueue(
      "test/echo",
      { text: "elsewhere" },
      { organizationId: "default", queue: "emails" },
    );
    await run();
    expect((await jobStatus(t, job.id))?.status).toBe("pending");
    await run("?queue=emails");
    expect((await jobStatus(t, job.id))?.status).toBe("succeeded");
  });

  it("refuses a bad limit with 422", async () => {
    expect((await run("?limit=0")).statusCode).toBe(422);
    expect((await run("?limit=abc")).statusCode).toBe(422);
  });

  it("fails after the last attempt, lists the failure to its organization only, and retries it", async () => {
    const job = await enqueue(t, "test/explode", {});
    await run("?limit=50");
    expect(await jobStatus(t, job.id)).toMatchObject({ status: "pending", attempts: 1 });
    await sql`update jobs set wait_until = null where id = ${job.id}`.execute(t.db);
    await run("?limit=50");
    expect(await jobStatus(t, job.id)).toMatchObject({ status: "failed", attempts: 2, error: "boom" });

    const failed = await t.app.inject({ url: "/api/admin/jobs/failed", headers: jsonHeaders(admin) });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().data.map((item: { id: string }) => item.id)).toContain(job.id);
    expect(failed.json().meta.pagination).toMatchObject({ page: 1, limit: 20 });

    const foreign = await t.app.inject({ url: "/api/admin/jobs/failed", headers: jsonHeaders(otherAdmin) });
    expect(foreign.json().data).toEqual([]);
    const foreignRetry = await t.app.inject({
      method: "POST",
      url: `/api/admin/jobs/${job.id}/retry`,
      headers: jsonHeaders(otherAdmin),
    });
    expect(foreignRetry.statusCode).toBe(404);
    expect((await jobStatus(t, job.id))?.status).toBe("failed");

    const retried = await t.app.inject({
      method: "POST",
      url: `/api/admin/jobs/${job.id}/retry`,
      headers: jsonHeaders(admin),
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ id: job.id, status: "pending", taskSlug: "test/explode" });
    const again = await t.app.inject({
      method: "POST",
      url: `/api/admin/jobs/${job.id}/retry`,
      headers: jsonHeaders(admin),
    });
    expect(again.statusCode).toBe(404);
  });

  it("marks a job of an unknown task as failed without running anything", async () => {
    const job = await enqueue(t, "test/missing", {});
    await run("?limit=50");
    expect(await jobStatus(t, job.id)).toMatchObject({ status: "failed", error: "Unknown task slug" });
  });

  it("needs jobs:admin for the administration routes", async () => {
    expect(
      (await t.app.inject({ url: "/api/admin/jobs/failed", headers: jsonHeaders(testStaffActor) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: "/api/admin/jobs/failed" })).statusCode).toBe(401);
    const retry = await t.app.inject({
      method: "POST",
      url: "/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry",
      headers: jsonHeaders(testStaffActor),
    });
    expect(retry.statusCode).toBe(403);
  });

  it("refuses a blank organization when enqueueing and writes nothing", async () => {
    const count = async () =>
      (await sql<{ count: number }>`select count(*)::int as count from jobs`.execute(t.db)).rows[0]?.count;
    const before = await count();
    await expect(t.kernel.services.jobs.enqueue("test/echo", { text: "x" }, { organizationId: " " })).rejects.toThrow();
    expect(await count()).toBe(before);
  });

  it("shows the routes in the OpenAPI document", async () => {
    const paths = Object.keys((await t.app.inject({ url: "/api/doc" })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(["/api/jobs/run", "/api/admin/jobs/failed", "/api/admin/jobs/{id}/retry"]),
    );
  });
});

describe("the cron route in production", () => {
  const production = { environment: "production", secretKey: Buffer.alloc(32, 7).toString("base64") } as const;
  const runToken = "operator-token-of-the-cron";
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { ...production, plugins: [tasksPlugin()], jobs: { runToken } } });
  });
  afterAll(() => t.close());

  // Issue 31: any organization's `*:*` key ran every store's jobs. The queue claims by queue, not by
  // organization, so only the operator token opens the route in production.
  it("refuses another organization's *:* API key and runs none of this store's jobs", async () => {
    const job = await enqueue(t, "test/echo", { text: "not yours" });
    const otherStoreKey = createTestActor({
      id: "other-admin-key",
      type: "apiKey",
      permissions: ["*:*"],
      organizationId: "other-store",
    });
    const ownKey = createTestActor({ id: "admin-key", type: "apiKey", permissions: ["*:*"] });
    for (const headers of [
      {},
      jsonHeaders(testAdminActor),
      jsonHeaders(otherStoreKey),
      jsonHeaders(ownKey),
      { "x-jobs-token": "wrong" },
    ]) {
      expect((await t.app.inject({ url: "/api/jobs/run?limit=50", headers })).statusCode).toBe(401);
    }
    expect(await jobStatus(t, job.id)).toMatchObject({ status: "pending", attempts: 0 });
  });

  it("runs every store's due jobs with the operator token", async () => {
    const job = await enqueue(t, "test/echo", { text: "by the operator" }, "other-store");
    const response = await t.app.inject({ url: "/api/jobs/run?limit=50", headers: { "x-jobs-token": runToken } });
    expect(response.statusCode).toBe(200);
    expect(await jobStatus(t, job.id)).toMatchObject({ status: "succeeded" });
  });

  it("refuses everyone when no operator token is configured", async () => {
    const bare = await createTestApp({ config: production });
    try {
      const ownKey = createTestActor({ id: "admin-key", type: "apiKey", permissions: ["*:*"] });
      const response = await bare.app.inject({ url: "/api/jobs/run", headers: jsonHeaders(ownKey) });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toContain("JOBS_RUN_TOKEN");
    } finally {
      await bare.close();
    }
  });
});

describe("the in-process worker", () => {
  it("runs an enqueued job without a cron call", async () => {
    const t = await createTestApp({
      config: { plugins: [tasksPlugin()], jobs: { autorun: { enabled: true, intervalMs: 200 } } },
    });
    try {
      const job = await enqueue(t, "test/echo", { text: "by itself" });
      for (let tries = 0; tries < 100 && (await jobStatus(t, job.id))?.status !== "succeeded"; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await jobStatus(t, job.id))?.status).toBe("succeeded");
    } finally {
      await t.close();
    }
  });

  it("refuses to boot with autorun and an external engine together", async () => {
    await expect(
      createTestApp({ config: { jobs: { autorun: { enabled: true }, externalEngine: "inngest" } } }),
    ).rejects.toThrow(/external engine "inngest"/);
  });
});

describe("retention of finished jobs", () => {
  const DAY = 24 * 60 * 60 * 1000;
  /** A finished job of `status` that finished `days` ago. */
  const finished = async (t: TestApp, status: "succeeded" | "failed", days: number) => {
    const job = await enqueue(t, "test/echo", { text: status });
    await sql`update jobs set status = ${status}, completed_at = now() - ${days * DAY} * interval '1 millisecond' where id = ${job.id}`.execute(
      t.db,
    );
    return job.id;
  };
  const pruneJobs = (t: TestApp) =>
    sql<{ id: string; status: string; waitUntil: Date | null }>`
    select id, status, wait_until from jobs where task_slug = 'jobs/prune' order by seq`.execute(t.db);

  it("queues jobs/prune at boot; it deletes succeeded jobs after 7 days and failed ones after 30, then runs again hourly", async () => {
    const t = await createTestApp({ config: { plugins: [tasksPlugin()] } });
    try {
      expect((await pruneJobs(t)).rows).toMatchObject([{ status: "pending", waitUntil: null }]);
      const kept = [await finished(t, "succeeded", 6), await finished(t, "failed", 29)];
      await finished(t, "succeeded", 8);
      await finished(t, "failed", 31);
      const response = await t.app.inject({ url: "/api/jobs/run?limit=50" });
      expect(response.statusCode).toBe(200);
      const left = await sql<{ id: string }>`select id from jobs where task_slug = 'test/echo'`.execute(t.db);
      expect(left.rows.map((row) => row.id).sort()).toEqual([...kept].sort());
      const prunes = (await pruneJobs(t)).rows;
      expect(prunes.map((row) => row.status)).toEqual(["succeeded", "pending"]);
      const next = prunes[1]?.waitUntil?.getTime() ?? 0;
      expect(next - Date.now()).toBeGreaterThan(55 * 60 * 1000);
    } finally {
      await t.close();
    }
  });

  it("keeps failed jobs with failedMs null and every job with retention false", async () => {
    const keepFailed = await createTestApp({
      config: { plugins: [tasksPlugin()], jobs: { retention: { succeededMs: DAY, failedMs: null } } },
    });
    try {
      const failed = await finished(keepFailed, "failed", 400);
      const succeeded = await finished(keepFailed, "succeeded", 2);
      expect(await keepFailed.kernel.services.jobs.prune()).toBe(1);
      expect((await jobStatus(keepFailed, failed))?.status).toBe("failed");
      expect(await jobStatus(keepFailed, succeeded)).toBeUndefined();
    } finally {
      await keepFailed.close();
    }
    const keepAll = await createTestApp({ config: { plugins: [tasksPlugin()], jobs: { retention: false } } });
    try {
      expect((await pruneJobs(keepAll)).rows).toEqual([]);
      await finished(keepAll, "succeeded", 400);
      expect(await keepAll.kernel.services.jobs.prune()).toBe(0);
    } finally {
      await keepAll.close();
    }
  });

  it("refuses to boot with a negative or fractional retention", async () => {
    await expect(createTestApp({ config: { jobs: { retention: { succeededMs: -1 } } } })).rejects.toThrow(
      /jobs.retention.succeededMs/,
    );
    await expect(createTestApp({ config: { jobs: { retention: { failedMs: 1.5 } } } })).rejects.toThrow(
      /jobs.retention.failedMs/,
    );
  });
});
