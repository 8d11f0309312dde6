import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, jsonHeaders, testAdminActor, type TestApp } from "../testing/index.js";
import { resolveMetricsRoute } from "./metrics-route.js";
import { startWebhookTestReceiver, type WebhookTestReceiver } from "../modules/webhooks/testing.js";

/** The value of one sample line of an exposition, or undefined when the line is absent. */
function sample(exposition: string, line: string): number | undefined {
  const found = exposition.split("\n").find((candidate) => candidate.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe("Prometheus metrics (GET /metrics)", () => {
  let t: TestApp;
  let receiver: WebhookTestReceiver;
  const scrape = async () => {
    const response = await t.app.inject({ url: "/metrics" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  beforeAll(async () => {
    receiver = await startWebhookTestReceiver();
    t = await createTestApp({ config: { webhooks: { targets: { allowLoopback: true } } } });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it("counts and times requests by route template and status, unknown URLs under one label", async () => {
    await t.app.inject({ url: "/api/health" });
    await t.app.inject({ url: "/api/health" });
    const id = "00000000-0000-4000-8000-000000000000";
    expect((await t.app.inject({ url: `/api/media/${id}`, headers: jsonHeaders(testAdminActor) })).statusCode).toBe(
      404,
    );
    await t.app.inject({ url: `/api/no-such-route/${randomBytes(4).toString("hex")}` });

    const body = await scrape();
    expect(sample(body, 'http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(2);
    expect(sample(body, 'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}')).toBe(2);
    expect(sample(body, 'http_requests_total{method="GET",route="/api/media/:id",status="404"}')).toBe(1);
    expect(sample(body, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    // No raw URL ever becomes a label: label values stay bounded whatever clients send.
    expect(body).not.toContain(id);
    expect(body).toContain("process_cpu_user_seconds_total");
  });

  it("shows the job queue depth, job outcomes and durations, and webhook delivery outcomes", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/webhooks",
      headers: jsonHeaders(testAdminActor),
      payload: { url: receiver.url, events: ["catalog.create"] },
    });
    expect(created.statusCode).toBe(201);
    receiver.setStatus(503);
    await t.kernel.database.transaction((trx) =>
      t.kernel.events.emit(
        {
          organizationId: "default",
          type: "catalog.create",
          entityType: "catalogEntity",
          entityId: "m-1",
          payload: {},
          actor: null,
        },
        { trx },
      ),
    );
    const before = await scrape();
    expect(sample(before, 'jobs_queue_depth{queue="default",status="pending"}')).toBeGreaterThanOrEqual(1);

    expect(
      (await t.app.inject({ url: "/api/jobs/run?limit=50", headers: jsonHeaders(testAdminActor) })).statusCode,
    ).toBe(200);
    const after = await scrape();
    expect(sample(after, 'webhook_deliveries_total{outcome="retrying"}')).toBe(1);
    expect(sample(after, 'jobs_processed_total{task="webhooks/deliver",outcome="failed"}')).toBe(1);
    expect(sample(after, 'jobs_processed_total{task="jobs/reap-stale",outcome="succeeded"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'job_duration_seconds_count{task="webhooks/deliver",outcome="failed"}')).toBe(1);
  });

  it("shows the database pool on PostgreSQL", async () => {
    const body = await scrape();
    if (t.kernel.database.dialect === "postgres") {
      const max = sample(body, 'db_pool_connections{state="max"}') ?? 0;
      expect(max).toBeGreaterThan(0);
      expect(sample(body, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(body, 'db_pool_connections{state="total"}')).toBeLessThanOrEqual(max);
      // Regression: read while the scrape's own queue-depth query waited for a connection, it showed 1.
      expect(sample(body, 'db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(body).not.toContain("db_pool_connections");
    }
  });
});

describe("who may read the metrics", () => {
  it("needs the bearer token once one is configured, at the configured path", async () => {
    const t = await createTestApp({ config: { metrics: { token: "scrape-me", path: "/internal/prometheus" } } });
    try {
      const anonymous = await t.app.inject({ url: "/internal/prometheus" });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.code).toBe("UNAUTHORIZED");
      expect(
        (await t.app.inject({ url: "/internal/prometheus", headers: { authorization: "Bearer scrape-mf" } }))
          .statusCode,
      ).toBe(401);
      expect(
        (await t.app.inject({ url: "/internal/prometheus", headers: { authorization: "Bearer scrape-me" } }))
          .statusCode,
      ).toBe(200);
      expect((await t.app.inject({ url: "/metrics", headers: { authorization: "Bearer scrape-me" } })).statusCode).toBe(
        404,
      );
    } finally {
      await t.close();
    }
  }, 120_000);

  it("is not served at all in production without a token, nor anywhere with path false", async () => {
    const t = await createTestApp({
      config: { environment: "production", secretKey: randomBytes(32).toString("base64") },
    });
    try {
      expect((await t.app.inject({ url: "/metrics" })).statusCode).toBe(404);
      expect(resolveMetricsRoute({ ...t.kernel, config: { ...t.kernel.config, metrics: { token: "t" } } })).toEqual({
        path: "/metrics",
        token: "t",
      });
      expect(
        resolveMetricsRoute({
          ...t.kernel,
          config: { ...t.kernel.config, environment: "development", metrics: { path: false } },
        }),
      ).toBeNull();
    } finally {
      await t.close();
    }
  }, 120_000);
});
