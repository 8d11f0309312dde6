import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createTestActor,
  createTestApp,
  jsonHeaders,
  testAdminActor,
  testStaffActor,
  type TestApp,
} from "../../testing/index.js";
import { greetingsPlugin } from "../../testing/fixtures/greetings-plugin.js";
import { verifyWebhook } from "./webhook-signature.js";
import { refusalReason } from "../../http/outbound/target-policy.js";
import { startWebhookTestReceiver, type WebhookTestReceiver } from "./webhook-test-receiver.js";

const manager = createTestActor({ id: "hook-manager", permissions: ["webhooks:manage"] });
const otherManager = createTestActor({
  id: "other-manager",
  permissions: ["webhooks:manage"],
  organizationId: "other-store",
});

describe("outbound webhooks", () => {
  let t: TestApp;
  let receiver: WebhookTestReceiver;
  let endpoint: { id: string; secret: string };

  const runJobs = () => t.app.inject({ url: "/api/jobs/run?limit=50", headers: jsonHeaders(testAdminActor) });
  const createGreeting = (text: string) =>
    t.app.inject({ method: "POST", url: "/api/greetings", headers: jsonHeaders(testAdminActor), payload: { text } });
  // Retries wait for their backoff; tests move the clock of pending jobs instead of sleeping.
  const makeJobsDue = () => sql`update jobs set wait_until = null where status = 'pending'`.execute(t.db);

  beforeAll(async () => {
    receiver = await startWebhookTestReceiver();
    t = await createTestApp({
      config: { plugins: [greetingsPlugin()], webhooks: { targets: { allowLoopback: true } } },
    });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/webhooks",
      headers: jsonHeaders(manager),
      payload: { url: receiver.url, events: ["catalog.create"] },
    });
    expect(created.statusCode).toBe(201);
    endpoint = created.json().data;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.setStatus(200);
  });

  it("shows the signing secret once and stores it encrypted", async () => {
    expect(endpoint.secret).toMatch(/^whsec_/);
    const list = await t.app.inject({ url: "/api/webhooks", headers: jsonHeaders(manager) });
    expect(list.json().data).toEqual([expect.not.objectContaining({ secret: expect.anything() })]);
    // The kernel's CamelCasePlugin renames result columns.
    const stored = await sql<{ secretSealed: string }>`select secret_sealed from webhook_endpoints`.execute(t.db);
    expect(stored.rows[0]?.secretSealed).toEqual(expect.any(String));
    expect(stored.rows[0]?.secretSealed).not.toContain(endpoint.secret.slice(6));
  });

  it("refuses unknown events, non-http URLs and callers without webhooks:manage, writing nothing", async () => {
    const before = await sql<{ count: number }>`select count(*)::int as count from webhook_endpoints`.execute(t.db);
    const bad = [
      { url: receiver.url, events: ["orders.explode"] },
      { url: "ftp://example.com/x", events: ["orders.create"] },
      { url: receiver.url, events: [] },
    ];
    for (const payload of bad) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/webhooks",
        headers: jsonHeaders(manager),
        payload,
      });
      expect(response.statusCode).toBe(422);
    }
    const forbidden = await t.app.inject({
      method: "POST",
      url: "/api/webhooks",
      headers: jsonHeaders(testStaffActor),
      payload: { url: receiver.url, events: ["orders.create"] },
    });
    expect(forbidden.statusCode).toBe(403);
    const after = await sql<{ count: number }>`select count(*)::int as count from webhook_endpoints`.execute(t.db);
    expect(after.rows[0]?.count).toBe(before.rows[0]?.count);
  });

  it("hides endpoints of another organization", async () => {
    expect((await t.app.inject({ url: "/api/webhooks", headers: jsonHeaders(otherManager) })).json().data).toEqual([]);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/webhooks/${endpoint.id}`,
      headers: jsonHeaders(otherManager),
    });
    expect(deleted.statusCode).toBe(404);
    const deliveries = await t.app.inject({
      url: `/api/webhooks/${endpoint.id}/deliveries`,
      headers: jsonHeaders(otherManager),
    });
    expect(deliveries.statusCode).toBe(404);
  });

  it("delivers a signed event that the secret verifies", async () => {
    await t.kernel.database.transaction((trx) =>
      t.kernel.events.emit(
        {
          organizationId: "default",
          type: "catalog.create",
          entityType: "catalogEntity",
          entityId: "e-1",
          payload: { after: { slug: "tee" } },
          actor: null,
        },
        { trx },
      ),
    );
    await runJobs();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    const headers = {
      id: String(delivery?.headers["webhook-id"]),
      timestamp: String(delivery?.headers["webhook-timestamp"]),
      signature: String(delivery?.headers["webhook-signature"]),
    };
    expect(verifyWebhook(endpoint.secret, headers, delivery?.body ?? "")).toBe(true);
    expect(
      verifyWebhook("whsec_" + Buffer.from("wrong secret").toString("base64"), headers, delivery?.body ?? ""),
    ).toBe(false);
    expect(JSON.parse(delivery?.body ?? "{}")).toMatchObject({
      type: "catalog.create",
      data: { id: "e-1", after: { slug: "tee" } },
    });
  });

  it("retries a failing endpoint with the same webhook id until it succeeds, and records each outcome", async () => {
    receiver.setStatus(503);
    await t.kernel.database.transaction((trx) =>
      t.kernel.events.emit(
        {
          organizationId: "default",
          type: "catalog.create",
          entityType: "catalogEntity",
          entityId: "e-2",
          payload: {},
          actor: null,
        },
        { trx },
      ),
    );
    await runJobs();
    await makeJobsDue();
    await runJobs();
    receiver.setStatus(204);
    await makeJobsDue();
    await runJobs();

    const ids = receiver.received.map((request) => request.headers["webhook-id"]);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(1);

    const deliveries = await t.app.inject({
      url: `/api/webhooks/${endpoint.id}/deliveries`,
      headers: jsonHeaders(manager),
    });
    const latest = deliveries.json().data[0];
    expect(latest).toMatchObject({ status: "succeeded", attempts: 3, lastStatus: 204, lastError: null });
  });

  it("does not deliver events the endpoint did not subscribe to", async () => {
    await createGreeting("not subscribed");
    await runJobs();
    expect(receiver.received).toHaveLength(0);
  });

  it("leaves no delivery or job when the event's transaction rolls back", async () => {
    const count = async () =>
      (
        await sql<{
          count: number;
        }>`select (select count(*) from webhook_deliveries) + (select count(*) from jobs) as count`.execute(t.db)
      ).rows[0]?.count;
    const before = await count();
    await expect(
      t.kernel.database.transaction(async (trx) => {
        await t.kernel.events.emit(
          {
            organizationId: "default",
            type: "catalog.create",
            entityType: "catalogEntity",
            entityId: "e-3",
            payload: {},
            actor: null,
          },
          { trx },
        );
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await count()).toBe(before);
  });

  it("fans each event of a transaction out to the endpoints as they are at that event, writes of the same transaction included", async () => {
    const { webhooks } = t.kernel.services;
    type Trx = Parameters<Parameters<typeof t.kernel.database.transaction>[0]>[0];
    const emit = (trx: Trx, entityId: string) =>
      t.kernel.events.emit(
        {
          organizationId: "default",
          type: "catalog.update",
          entityType: "catalogEntity",
          entityId,
          payload: {},
          actor: null,
        },
        { trx },
      );
    const added = await t.kernel.database.transaction(async (trx) => {
      await emit(trx, "before-any");
      const endpoint = await webhooks.create("default", { url: receiver.url, events: ["catalog.update"] }, manager, {
        trx,
      });
      await emit(trx, "while-active");
      await emit(trx, "again-active");
      await webhooks.update("default", endpoint.id, { isActive: false }, manager, { trx });
      await emit(trx, "while-off");
      await webhooks.update("default", endpoint.id, { isActive: true }, manager, { trx });
      await emit(trx, "on-again");
      return endpoint;
    });
    const deliveredFor = async () =>
      (
        await sql<{ entityId: string }>`
          select e.entity_id from webhook_deliveries d join domain_events e on e.id = d.event_id
          where d.endpoint_id = ${added.id} order by e.sequence`.execute(t.db)
      ).rows.map((row) => row.entityId);
    expect(await deliveredFor()).toEqual(["while-active", "again-active", "on-again"]);

    // A delivery for the endpoint removed earlier in the transaction would break its foreign key.
    await t.kernel.database.transaction(async (trx) => {
      await emit(trx, "before-removal");
      await webhooks.remove("default", added.id, manager, { trx });
      await emit(trx, "after-removal");
    });
    expect(await deliveredFor()).toEqual([]);
  });
});

describe("webhook target policy", () => {
  it("refuses loopback, private and link-local targets unless allowed", () => {
    for (const address of [
      "127.0.0.1",
      "::1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "0.0.0.0",
    ]) {
      expect(refusalReason(address, {}), address).not.toBeNull();
    }
    expect(refusalReason("127.0.0.1", { allowLoopback: true })).toBeNull();
    expect(refusalReason("10.1.2.3", { allowLoopback: true })).not.toBeNull();
    expect(refusalReason("93.184.216.34", {})).toBeNull();
    expect(refusalReason("2606:4700::1111", {})).toBeNull();
  });

  it("records a refused private target as a failed attempt", async () => {
    const t = await createTestApp();
    try {
      const created = await t.app.inject({
        method: "POST",
        url: "/api/webhooks",
        headers: jsonHeaders(manager),
        payload: { url: "http://169.254.169.254/latest/meta-data", events: ["catalog.create"] },
      });
      const { id } = created.json().data;
      await t.kernel.database.transaction((trx) =>
        t.kernel.events.emit(
          {
            organizationId: "default",
            type: "catalog.create",
            entityType: "catalogEntity",
            entityId: "x",
            payload: {},
            actor: null,
          },
          { trx },
        ),
      );
      await t.app.inject({ url: "/api/jobs/run", headers: jsonHeaders(testAdminActor) });
      const deliveries = await t.app.inject({ url: `/api/webhooks/${id}/deliveries`, headers: jsonHeaders(manager) });
      expect(deliveries.json().data[0]).toMatchObject({
        attempts: 1,
        lastStatus: null,
        lastError: expect.stringContaining("Refused webhook target"),
      });
    } finally {
      await t.close();
    }
  });
});
