import { randomBytes } from "node:crypto";
import type { LookupAddress } from "node:dns";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, type TestApp } from "../../testing/index.js";
import { call, createEntity } from "../catalog/testing.js";
import { systemResolver, type HostResolver } from "../../http/outbound/target-policy.js";
import { startWebhookTestReceiver, type WebhookTestReceiver } from "./webhook-test-receiver.js";
import { verifyWebhook } from "./webhook-signature.js";

const manager = createTestActor({ id: "hook-manager", permissions: ["webhooks:manage"] });
const secretKey = randomBytes(32).toString("base64");
const PUBLIC_ADDRESS = "93.184.216.34";

/**
 * A resolver with a few names of its own (the rest go to the system's, for `localhost`), one of which can
 * be pointed elsewhere between registration and delivery, as a rebinding DNS server would.
 */
function fakeDns() {
  const names = new Map<string, LookupAddress[]>([
    ["rebind.example", [{ address: PUBLIC_ADDRESS, family: 4 }]],
    ["public.example", [{ address: PUBLIC_ADDRESS, family: 4 }]],
    ["intranet.example", [{ address: "10.1.2.3", family: 4 }]],
    ["metadata.example", [{ address: "169.254.169.254", family: 4 }]],
    [
      "mixed.example",
      [
        { address: "::1", family: 6 },
        { address: "127.0.0.1", family: 4 },
      ],
    ],
  ]);
  const failure = (code: string) => Object.assign(new Error(`getaddrinfo ${code}`), { code });
  const resolveHost: HostResolver = async (hostname) => {
    if (hostname === "typo.example") throw failure("ENOTFOUND");
    if (hostname === "flaky.example") throw failure("EAI_AGAIN");
    return names.get(hostname) ?? systemResolver(hostname);
  };
  return { resolveHost, point: (hostname: string, address: string) => names.set(hostname, [{ address, family: 4 }]) };
}

const register = (t: TestApp, url: string) =>
  call(t.app, "POST", "/api/webhooks", { actor: manager, body: { url, events: ["catalog.create"] } });
const count = async (t: TestApp, table: "webhook_endpoints" | "domain_events") =>
  (await sql<{ count: number }>`select count(*)::int as count from ${sql.table(table)}`.execute(t.db)).rows[0]?.count;
const deliveries = async (t: TestApp, endpointId: string) =>
  (await call(t.app, "GET", `/api/webhooks/${endpointId}/deliveries`, { actor: manager })).body.data;
const signatureHeaders = (headers: WebhookTestReceiver["received"][number]["headers"]) => ({
  id: String(headers["webhook-id"]),
  timestamp: String(headers["webhook-timestamp"]),
  signature: String(headers["webhook-signature"]),
});

describe("webhook targets in development", () => {
  let t: TestApp;
  let receiver: WebhookTestReceiver;
  beforeAll(async () => {
    receiver = await startWebhookTestReceiver();
    t = await createTestApp({ config: { environment: "development", secretKey } });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it("delivers a signed event to a receiver on 127.0.0.1 with no target option set", async () => {
    const created = await register(t, receiver.url);
    expect(created.status).toBe(201);
    await createEntity(t.app, { slug: "local-tee" });
    const run = await call(t.app, "GET", "/api/jobs/run?limit=50");
    expect(run.body.data).toMatchObject({ succeeded: expect.any(Number), failed: 0 });

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(verifyWebhook(created.body.data.secret, signatureHeaders(request?.headers ?? {}), request?.body ?? "")).toBe(
      true,
    );
    expect(JSON.parse(request?.body ?? "{}")).toMatchObject({
      type: "catalog.create",
      data: { after: { slug: "local-tee" } },
    });
    expect(await deliveries(t, created.body.data.id)).toEqual([
      expect.objectContaining({ status: "succeeded", lastStatus: 200, lastError: null }),
    ]);
  });

  it("still refuses private and link-local targets at delivery, saying why", async () => {
    for (const [url, reason] of [
      ["http://10.0.0.7/hooks", "10.0.0.7 is a private or reserved address"],
      ["http://169.254.169.254/latest/meta-data", "169.254.169.254 is a link-local address"],
    ] as const) {
      const created = await register(t, url);
      expect(created.status).toBe(201);
      await createEntity(t.app, { slug: `tee-${created.body.data.id}` });
      await call(t.app, "GET", "/api/jobs/run?limit=50");
      expect(await deliveries(t, created.body.data.id)).toEqual([
        expect.objectContaining({
          status: "retrying",
          lastStatus: null,
          lastError: `Refused webhook target: ${reason}`,
        }),
      ]);
      await call(t.app, "DELETE", `/api/webhooks/${created.body.data.id}`, { actor: manager });
    }
  });
});

describe("webhook targets in production", () => {
  let t: TestApp;
  let receiver: WebhookTestReceiver;
  const dns = fakeDns();
  const runJobs = () => t.kernel.services.jobs.run({ queue: "default", limit: 50 });

  beforeAll(async () => {
    receiver = await startWebhookTestReceiver();
    t = await createTestApp({
      config: { environment: "production", secretKey, webhooks: { resolveHost: dns.resolveHost } },
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });

  it("refuses a loopback target at registration with 422 naming the reason, writing nothing", async () => {
    const [endpoints, events] = [await count(t, "webhook_endpoints"), await count(t, "domain_events")];
    const literal = await register(t, receiver.url);
    expect(literal.status).toBe(422);
    expect(literal.body.error).toMatchObject({
      code: "VALIDATION_FAILED",
      message:
        "body.url: 127.0.0.1 is a loopback address; production delivers only to public addresses unless the configuration's outbound.targets allows others",
    });
    const named = await register(t, `http://localhost:${receiver.port}/hooks`);
    expect(named.body.error.message).toMatch(
      /^body\.url: localhost resolves to (127\.0\.0\.1|::1), a loopback address;/,
    );
    expect([await count(t, "webhook_endpoints"), await count(t, "domain_events")]).toEqual([endpoints, events]);
  });

  it("refuses every spelling of loopback, private and link-local targets at registration", async () => {
    const before = await count(t, "webhook_endpoints");
    for (const url of [
      "http://[::1]/",
      "http://[0:0:0:0:0:0:0:1]/",
      "http://0x7f.1/",
      "http://2130706433/",
      "http://0177.0.0.1/",
      "http://127.1/",
      "http://127.255.255.254/",
      "http://[::ffff:127.0.0.1]/",
      "http://[::127.0.0.1]/",
      "http://[64:ff9b::7f00:1]/",
      "http://LOCALHOST/",
      "http://localhost./",
      "http://0/",
      "http://[::]/",
      "http://10.0.0.1/",
      "http://192.168.1.1/",
      "http://[fd00::1]/",
      "http://169.254.169.254/latest/meta-data",
      "http://[fe80::1]/",
      "https://intranet.example/hooks",
      "https://metadata.example/hooks",
      "https://mixed.example/hooks",
      "https://typo.example/hooks",
    ]) {
      const response = await register(t, url);
      expect([url, response.status, response.body.error?.code]).toEqual([url, 422, "VALIDATION_FAILED"]);
      expect(response.body.error.message, url).toMatch(/^body\.url: /);
    }
    expect((await register(t, "https://typo.example/hooks")).body.error.message).toBe(
      "body.url: typo.example does not resolve",
    );
    expect((await register(t, "https://intranet.example/hooks")).body.error.message).toMatch(
      /^body\.url: intranet\.example resolves to 10\.1\.2\.3, a private or reserved address;/,
    );
    expect(await count(t, "webhook_endpoints")).toBe(before);
  });

  it("refuses hostile URLs with 422", async () => {
    for (const url of [
      "javascript:alert(1)",
      "file:///etc/passwd",
      "data:text/plain,hi",
      "http://",
      "http://[::1",
      "http://exa mple.com/",
      `https://public.example/${"a".repeat(5000)}`,
      "",
      42,
    ]) {
      const response = await call(t.app, "POST", "/api/webhooks", {
        actor: manager,
        body: { url, events: ["catalog.create"] },
      });
      expect([String(url).slice(0, 40), response.status, response.body.error?.code]).toEqual([
        String(url).slice(0, 40),
        422,
        "VALIDATION_FAILED",
      ]);
    }
  });

  it("accepts a public target, and one whose resolver fails in a way that may pass", async () => {
    for (const url of [
      "https://public.example/hooks",
      "https://flaky.example/hooks",
      `http://${PUBLIC_ADDRESS}/hooks`,
    ]) {
      const response = await register(t, url);
      expect([url, response.status]).toEqual([url, 201]);
      await call(t.app, "DELETE", `/api/webhooks/${response.body.data.id}`, { actor: manager });
    }
  });

  it("refuses a change of URL to a loopback target, leaving the endpoint as it was", async () => {
    const created = await register(t, "https://public.example/hooks");
    const patched = await call(t.app, "PATCH", `/api/webhooks/${created.body.data.id}`, {
      actor: manager,
      body: { url: receiver.url },
    });
    expect(patched.status).toBe(422);
    expect(patched.body.error.message).toMatch(/^body\.url: 127\.0\.0\.1 is a loopback address;/);
    const described = await call(t.app, "PATCH", `/api/webhooks/${created.body.data.id}`, {
      actor: manager,
      body: { description: "kept" },
    });
    expect(described.body.data).toMatchObject({ url: "https://public.example/hooks", description: "kept" });
    await call(t.app, "DELETE", `/api/webhooks/${created.body.data.id}`, { actor: manager });
  });

  it("refuses at delivery a name that resolved to a public address at registration and to loopback since (DNS rebinding)", async () => {
    const created = await register(t, `http://rebind.example:${receiver.port}/hooks`);
    expect(created.status).toBe(201);
    dns.point("rebind.example", "127.0.0.1");
    await createEntity(t.app, { slug: "rebound-tee" });
    await runJobs();
    expect(receiver.received).toEqual([]);
    expect(await deliveries(t, created.body.data.id)).toEqual([
      expect.objectContaining({
        status: "retrying",
        lastStatus: null,
        lastError: "Refused webhook target: rebind.example resolves to 127.0.0.1, a loopback address",
      }),
    ]);
  });
});

describe("webhook targets in production with private targets allowed", () => {
  let t: TestApp;
  let receiver: WebhookTestReceiver;
  beforeAll(async () => {
    receiver = await startWebhookTestReceiver();
    const resolveHost: HostResolver = async (hostname) =>
      hostname === "receiver.internal" ? [{ address: "127.0.0.1", family: 4 }] : systemResolver(hostname);
    t = await createTestApp({
      config: { environment: "production", secretKey, webhooks: { targets: { allowPrivate: true }, resolveHost } },
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it("registers and delivers to loopback and private targets, by address or by name", async () => {
    const privateTarget = await register(t, "http://10.0.0.7/hooks");
    expect(privateTarget.status).toBe(201);
    await call(t.app, "DELETE", `/api/webhooks/${privateTarget.body.data.id}`, { actor: manager });
    const byAddress = await register(t, receiver.url);
    const byName = await register(t, `http://receiver.internal:${receiver.port}/hooks`);
    expect([byAddress.status, byName.status]).toEqual([201, 201]);
    await createEntity(t.app, { slug: "private-tee" });
    await t.kernel.services.jobs.run({ queue: "default", limit: 50 });
    expect(receiver.received).toHaveLength(2);
    for (const endpoint of [byAddress, byName]) {
      expect(await deliveries(t, endpoint.body.data.id)).toEqual([
        expect.objectContaining({ status: "succeeded", lastError: null }),
      ]);
    }
  });
});
