import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPluginTestApp, type TestApp } from "@unified-commerce/plugin-sdk/testing";
import type { HostResolver } from "@unified-commerce/plugin-sdk";
import { BACKFILL_TASK } from "./channel-declarations.js";
import { channelConnector } from "./channel-plugin.js";
import { call, databaseDump, drainJobs, product } from "./channel-test-helpers.js";

const API_KEY = "uc_channel_key_5a4b3c2d1e0f";
/** What a service inside the network answers: it must never reach a stored error. */
const SECRET_REPLY = "aws-secret-access-key-EXAMPLE-9f8e";

interface Receiver {
  url: string;
  port: number;
  hits: { method: string; url: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

async function receiver(handler: RequestListener): Promise<Receiver> {
  const hits: Receiver["hits"] = [];
  const server: Server = createServer((request, response) => {
    hits.push({ method: request.method ?? "", url: request.url ?? "", headers: request.headers });
    request.resume();
    request.on("end", () => handler(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const connectionBody = (baseUrl: string) => ({
  name: "Remote",
  adapterId: "rest-store",
  currency: "EUR",
  settings: { baseUrl },
  credentials: { apiKey: API_KEY },
});
const connectionCount = async (t: TestApp) =>
  (await sql<{ count: number }>`select count(*)::int as count from channel_connections`.execute(t.db)).rows[0]?.count;
const backfillJobs = async (t: TestApp, connectionId: string) =>
  (
    await sql<{
      status: string;
      error: string | null;
    }>`select status, error from jobs where task_slug = ${BACKFILL_TASK} and input->>'connectionId' = ${connectionId}`.execute(
      t.db,
    )
  ).rows;

describe("channel base URLs under the production address policy", () => {
  let t: TestApp;
  const names = new Map<string, string>([
    ["shop.example", "93.184.216.34"],
    ["intranet.example", "10.1.2.3"],
    ["rebind.example", "93.184.216.34"],
  ]);
  const resolveHost: HostResolver = async (hostname) => {
    const address = names.get(hostname);
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return [{ address, family: 4 }];
  };
  beforeAll(async () => {
    t = await createPluginTestApp(channelConnector({ attempts: 1, retryDelayMs: 0 }), {
      config: { environment: "production", secretKey: randomBytes(32).toString("base64"), outbound: { resolveHost } },
    });
  });
  afterAll(() => t.close());

  it("refuses loopback, private, link-local, 6to4 and documentation base URLs with 422 CHANNEL_TARGET_REFUSED, storing nothing", async () => {
    const before = await connectionCount(t);
    for (const [baseUrl, detail] of [
      ["http://127.0.0.1:8080", "127.0.0.1 is a loopback address"],
      ["http://10.0.0.5", "10.0.0.5 is a private or reserved address"],
      ["http://169.254.169.254", "169.254.169.254 is a link-local address"],
      ["http://[::1]:3000", "::1 is a loopback address"],
      ["http://[2002:7f00:1::1]", "2002:7f00:1::1 is a private or reserved address"],
      ["https://192.0.2.10", "192.0.2.10 is a private or reserved address"],
      ["https://198.51.100.10", "198.51.100.10 is a private or reserved address"],
      ["https://203.0.113.10", "203.0.113.10 is a private or reserved address"],
      ["http://[::ffff:127.0.0.1]", "::ffff:7f00:1 is a loopback address"],
      ["https://intranet.example", "intranet.example resolves to 10.1.2.3, a private or reserved address"],
      ["https://typo.example", "typo.example does not resolve"],
      ["ftp://shop.example", "the ftp: scheme (only http and https are allowed)"],
    ] as const) {
      const refused = await call(t, "POST", "/api/channels", { body: connectionBody(baseUrl) });
      expect([baseUrl, refused.status, refused.body.error?.code]).toEqual([baseUrl, 422, "CHANNEL_TARGET_REFUSED"]);
      expect(refused.body.error.message).toBe(`body.settings.baseUrl: ${detail}`);
    }
    const missing = await call(t, "POST", "/api/channels", { body: { ...connectionBody(""), settings: {} } });
    expect([missing.status, missing.body.error.code, missing.body.error.message]).toEqual([
      422,
      "VALIDATION_FAILED",
      'body.settings.baseUrl: required by the "rest-store" adapter',
    ]);
    expect(await connectionCount(t)).toBe(before);
    expect(await databaseDump(t.db)).not.toContain(API_KEY);
  });

  it("connects a public base URL, and refuses the call at connect time when its name rebinds to loopback since", async () => {
    const inside = await receiver((_request, response) => response.end(SECRET_REPLY));
    try {
      expect((await call(t, "POST", "/api/channels", { body: connectionBody("https://shop.example") })).status).toBe(
        201,
      );
      const created = await call(t, "POST", "/api/channels", {
        body: connectionBody(`http://rebind.example:${inside.port}`),
      });
      expect(created.status).toBe(201);
      names.set("rebind.example", "127.0.0.1");
      await product(t, { slug: "rebound-lamp", price: 900 });
      await call(t, "POST", `/api/channels/${created.body.data.id}/backfill`);
      await drainJobs(t);
      expect(inside.hits).toEqual([]);
      expect(await backfillJobs(t, created.body.data.id)).toEqual([
        {
          status: "failed",
          error: expect.stringContaining(
            "Refused outbound target: rebind.example resolves to 127.0.0.1, a loopback address",
          ),
        },
      ]);
    } finally {
      await inside.close();
    }
  });
});

describe("the rest-store adapter's calls through the outbound client", () => {
  let t: TestApp;
  let inside: Receiver;
  let remote: Receiver;
  beforeAll(async () => {
    // A service inside the network, and a "store" on loopback (allowed outside production) that answers
    // by the slug asked for: a redirect inside, a huge page, refusals carrying the inside's secret.
    inside = await receiver((_request, response) => response.end(SECRET_REPLY));
    remote = await receiver((request, response) => {
      const url = request.url ?? "";
      const refusal = JSON.stringify({ error: { code: "REFUSED", message: SECRET_REPLY } });
      if (url.includes("redirected-lamp"))
        return response.writeHead(302, { location: `${inside.url}/latest/meta-data` }).end();
      if (url.includes("huge-lamp"))
        return response
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ data: { slug: "x".repeat(10_000), note: SECRET_REPLY } }));
      if (url.includes("locked-lamp"))
        return response.writeHead(401, { "content-type": "application/json" }).end(refusal);
      if (url.includes("refused-lamp"))
        return response.writeHead(422, { "content-type": "application/json" }).end(refusal);
      return response.writeHead(500).end();
    });
    t = await createPluginTestApp(channelConnector({ attempts: 1, retryDelayMs: 0 }), {
      config: { outbound: { maxResponseBytes: 4096 } },
    });
  });
  afterAll(async () => {
    await t.close();
    await inside.close();
    await remote.close();
  });

  /** Connects to the remote receiver, backfills only `slug` (archiving the others) and answers the connection. */
  async function backfill(slug: string) {
    const created = await call(t, "POST", "/api/channels", { body: connectionBody(remote.url) });
    expect(created.status).toBe(201);
    await product(t, { slug, price: 900 });
    await sql`delete from catalog_entities where slug <> ${slug}`.execute(t.db);
    await call(t, "POST", `/api/channels/${created.body.data.id}/backfill`);
    await drainJobs(t);
    const connection = (await call(t, "GET", `/api/channels/${created.body.data.id}`)).body.data;
    return { id: created.body.data.id as string, connection, jobs: await backfillJobs(t, created.body.data.id) };
  }

  it("does not follow a redirect to an address inside the network, nor carry the key there", async () => {
    const { jobs } = await backfill("redirected-lamp");
    expect(
      remote.hits.some(
        (hit) => hit.url === "/api/catalog/entities/redirected-lamp" && hit.headers["x-api-key"] === API_KEY,
      ),
    ).toBe(true);
    expect(inside.hits).toEqual([]);
    expect(jobs).toEqual([
      {
        status: "failed",
        error: expect.stringContaining(
          "GET /catalog/entities/redirected-lamp on the channel answered 302 (redirects are not followed)",
        ),
      },
    ]);
  });

  it("cuts an answer over the size limit, keeping none of it", async () => {
    const { jobs } = await backfill("huge-lamp");
    expect(jobs).toEqual([
      { status: "failed", error: expect.stringContaining("answered 200 with more than 4096 bytes") },
    ]);
    expect(jobs[0]?.error).not.toContain(SECRET_REPLY);
    expect(jobs[0]?.error).not.toContain("xxxx");
  });

  it("keeps the channel's reply out of job errors and the connection's lastError", async () => {
    const locked = await backfill("locked-lamp");
    expect(locked.jobs).toEqual([
      {
        status: "failed",
        error: expect.stringContaining("GET /catalog/entities/locked-lamp on the channel answered 401"),
      },
    ]);
    const refused = await backfill("refused-lamp");
    expect(refused.connection.backfill).toMatchObject({
      errors: 1,
      lastError: "refused-lamp: reading refused-lamp: the channel answered 422",
    });
    expect(await databaseDump(t.db)).not.toContain(SECRET_REPLY);
  });
});
