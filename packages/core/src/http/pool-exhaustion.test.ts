import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, isPostgresTestRun, jsonHeaders, testAdminActor, type TestApp } from "../testing/index.js";

/**
 * More requests than database connections: a request that waits past the pool's connection timeout is
 * refused with a retryable 503, not a 500 (the fleet harness met it at 100 checkouts per process).
 */
describe.runIf(isPostgresTestRun())("a request that finds every database connection busy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers 503 SERVICE_UNAVAILABLE with Retry-After, and serves again once connections free up", async () => {
    const { max } = t.kernel.database.poolUsage?.() ?? { max: 0 };
    expect(max).toBeGreaterThan(0);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Every connection of the pool held open by a transaction that waits.
    const holders = Array.from({ length: max }, () => t.db.transaction().execute(() => held));
    await new Promise((resolve) => setTimeout(resolve, 200));
    try {
      const busy = await t.app.inject({
        method: "GET",
        url: "/api/catalog/entities",
        headers: jsonHeaders(testAdminActor),
      });
      expect(busy.statusCode).toBe(503);
      expect(busy.headers["retry-after"]).toBe("1");
      expect(busy.json().error).toMatchObject({
        code: "SERVICE_UNAVAILABLE",
        message: "Every database connection is busy; retry shortly",
        requestId: busy.headers["x-request-id"],
      });
    } finally {
      release();
      await Promise.all(holders);
    }
    const served = await t.app.inject({
      method: "GET",
      url: "/api/catalog/entities",
      headers: jsonHeaders(testAdminActor),
    });
    expect(served.statusCode).toBe(200);
  });
});
