import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, testAdminActor, testStaffActor } from "@unified-commerce/plugin-sdk/testing";
import {
  call,
  connectRemote,
  connectTwoStores,
  databaseDump,
  REMOTE_API_KEY,
  REMOTE_BASE_URL,
  type TwoStores,
} from "./channel-test-helpers.js";

describe("channel connections", () => {
  let stores: TwoStores;
  beforeAll(async () => {
    stores = await connectTwoStores();
  });
  afterAll(() => stores.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    name: "Remote store",
    adapterId: "rest-store",
    currency: "EUR",
    settings: { baseUrl: REMOTE_BASE_URL },
    credentials: { apiKey: REMOTE_API_KEY },
    ...overrides,
  });

  it("connects a store, keeps its credentials sealed and never answers them", async () => {
    const created = await call(stores.t, "POST", "/api/channels", { body: body() });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: "Remote store",
      adapterId: "rest-store",
      settings: { baseUrl: REMOTE_BASE_URL, currency: "EUR" },
      credentialKeys: ["apiKey"],
      backfill: { status: "idle", pages: 0, items: 0, errors: 0, lastError: null },
      stockPushes: 0,
    });
    const id = created.body.data.id as string;
    const answers = [
      created.text,
      (await call(stores.t, "GET", "/api/channels")).text,
      (await call(stores.t, "GET", `/api/channels/${id}`)).text,
      (await call(stores.t, "POST", `/api/channels/${id}/backfill`)).text,
    ];
    for (const text of answers) expect(text).not.toContain(REMOTE_API_KEY);

    const { rows } = await sql<{
      sealedCredentials: string;
    }>`select sealed_credentials from channel_connections where id = ${id}`.execute(stores.t.db);
    expect(rows[0]?.sealedCredentials).toMatch(/^v1\./);
    expect(await databaseDump(stores.t.db)).not.toContain(REMOTE_API_KEY);

    const deleted = await call(stores.t, "DELETE", `/api/channels/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.text).not.toContain(REMOTE_API_KEY);
    expect((await call(stores.t, "GET", `/api/channels/${id}`)).status).toBe(404);
  });

  it("starts nothing when connecting: no job, no call to the channel", async () => {
    const jobsBefore = await sql<{ count: string }>`select count(*) from jobs where task_slug like 'channel/%'`.execute(
      stores.t.db,
    );
    const callsBefore = stores.calls.length;
    await connectRemote(stores.t);
    const jobsAfter = await sql<{ count: string }>`select count(*) from jobs where task_slug like 'channel/%'`.execute(
      stores.t.db,
    );
    expect(jobsAfter.rows[0]?.count).toBe(jobsBefore.rows[0]?.count);
    expect(stores.calls.length).toBe(callsBefore);
  });

  it("lists the store's connections newest first, with pagination", async () => {
    const newest = await connectRemote(stores.t);
    const listed = await call(stores.t, "GET", "/api/channels?limit=1");
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((connection: { id: string }) => connection.id)).toEqual([newest]);
    expect(listed.body.meta.pagination).toMatchObject({ page: 1, limit: 1, total: 2 });
  });

  it("refuses an unknown adapter and bad bodies with 422, storing nothing", async () => {
    const before = await sql<{ count: string }>`select count(*) from channel_connections`.execute(stores.t.db);
    for (const bad of [
      body({ adapterId: "shopify" }),
      body({ currency: "eur" }),
      body({ credentials: undefined }),
      body({ name: "" }),
      { ...body(), extra: true },
    ]) {
      const refused = await call(stores.t, "POST", "/api/channels", { body: bad });
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe("VALIDATION_FAILED");
    }
    const after = await sql<{ count: string }>`select count(*) from channel_connections`.execute(stores.t.db);
    expect(after.rows[0]?.count).toBe(before.rows[0]?.count);
  });

  it("needs channels:manage on every route and hides other stores' connections", async () => {
    const id = await connectRemote(stores.t);
    for (const [method, url] of [
      ["GET", "/api/channels"],
      ["GET", `/api/channels/${id}`],
      ["DELETE", `/api/channels/${id}`],
      ["POST", `/api/channels/${id}/backfill`],
      ["POST", `/api/channels/${id}/orders/pull`],
      ["POST", `/api/channels/${id}/reconcile`],
      ["POST", `/api/channels/${id}/orders`],
    ] as const) {
      expect((await call(stores.t, method, url, { actor: testStaffActor })).status).toBe(403);
    }
    expect((await call(stores.t, "POST", "/api/channels", { actor: testStaffActor, body: body() })).status).toBe(403);
    const unauthenticated = await stores.t.app.inject({ method: "GET", url: "/api/channels" });
    expect(unauthenticated.statusCode).toBe(401);

    const otherStore = createTestActor({
      id: "other",
      permissions: ["channels:manage"],
      organizationId: "another-store",
    });
    expect((await call(stores.t, "GET", `/api/channels/${id}`, { actor: otherStore })).status).toBe(404);
    expect((await call(stores.t, "DELETE", `/api/channels/${id}`, { actor: otherStore })).status).toBe(404);
    expect((await call(stores.t, "POST", `/api/channels/${id}/backfill`, { actor: otherStore })).status).toBe(404);
    expect((await call(stores.t, "GET", "/api/channels", { actor: otherStore })).body.data).toEqual([]);
    expect((await call(stores.t, "GET", `/api/channels/${id}`, { actor: testAdminActor })).status).toBe(200);
  });

  it("shows its routes in /api/doc", async () => {
    const doc = (await stores.t.app.inject({ url: "/api/doc" })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(doc.paths["/api/channels"] ?? {}).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/api/channels/{id}"] ?? {}).sort()).toEqual(["delete", "get"]);
    expect(doc.paths["/api/channels/{id}/backfill"]?.post).toBeDefined();
    expect(doc.paths["/api/channels/{id}/orders/pull"]?.post).toBeDefined();
    expect(doc.paths["/api/channels/{id}/orders"]?.post).toBeDefined();
    expect(doc.paths["/api/channels/{id}/reconcile"]?.post).toBeDefined();
  });
});
