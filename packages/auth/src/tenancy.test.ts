import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKey, bearer, createAuthTestApp, send, staffSession, type AuthTestApp } from "./auth-test-helpers.js";
import { resolveActor } from "./authenticator.js";

describe("organizations and tenancy", () => {
  let t: AuthTestApp;
  let adminA: string;
  let adminB: string;
  let keyB: string;
  let entityId: string;
  let warehouseId: string;

  beforeAll(async () => {
    t = await createAuthTestApp();
    await t.kernel.services.organizations.create({ id: "store-a", name: "Store A" });
    await t.kernel.services.organizations.create({ id: "store-b", name: "Store B" });
    adminA = await staffSession(t, { email: "a@example.com", role: "admin", organizationId: "store-a" });
    adminB = await staffSession(t, { email: "b@example.com", role: "admin", organizationId: "store-b" });
    keyB = (await t.kernel.services.apiKeys.create({ organizationId: "store-b", scope: "admin" })).key;
    const entity = await send(t.app, "POST", "/api/catalog/entities", {
      headers: bearer(adminA),
      body: { type: "product", slug: "a-shirt", status: "active" },
    });
    expect(entity.status).toBe(201);
    entityId = entity.body.data.id;
    const warehouse = await send(t.app, "POST", "/api/inventory/warehouses", {
      headers: bearer(adminA),
      body: { name: "A main", code: "main" },
    });
    expect(warehouse.status).toBe(201);
    warehouseId = warehouse.body.data.id;
  });
  afterAll(() => t.close());

  it("a session acts on the user's organization: store A's admin reads A's entity", async () => {
    const read = await send(t.app, "GET", `/api/catalog/entities/${entityId}`, { headers: bearer(adminA) });
    expect(read.status).toBe(200);
    expect(read.body.data.slug).toBe("a-shirt");
  });

  it("a credential of organization B never reads or changes organization A's data", async () => {
    for (const headers of [bearer(adminB), apiKey(keyB)]) {
      expect((await send(t.app, "GET", `/api/catalog/entities/${entityId}`, { headers })).status).toBe(404);
      expect((await send(t.app, "GET", "/api/catalog/entities/a-shirt", { headers })).status).toBe(404);
      const list = await send(t.app, "GET", "/api/catalog/entities", { headers });
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(0);
      expect(
        (await send(t.app, "PATCH", `/api/catalog/entities/${entityId}`, { headers, body: { slug: "stolen" } })).status,
      ).toBe(404);
      expect((await send(t.app, "DELETE", `/api/catalog/entities/${entityId}`, { headers })).status).toBe(404);
      expect((await send(t.app, "GET", `/api/inventory/check?entityIds=${entityId}`, { headers })).status).toBe(404);
      const warehouses = await send(t.app, "GET", "/api/inventory/warehouses", { headers });
      expect(warehouses.body.data.map((w: { id: string }) => w.id)).not.toContain(warehouseId);
      const adjust = await send(t.app, "POST", "/api/inventory/adjust", {
        headers,
        body: { entityId, warehouseId, type: "restock", quantity: 5 },
      });
      expect(adjust.status).toBe(404);
    }
    const still = await send(t.app, "GET", `/api/catalog/entities/${entityId}`, { headers: bearer(adminA) });
    expect(still.body.data.slug).toBe("a-shirt");
  });

  it("an organization's keys are invisible and irrevocable from another organization", async () => {
    const keyA = await t.kernel.services.apiKeys.create({ organizationId: "store-a", scope: "storefront" });
    const listB = await send(t.app, "GET", "/api/auth/api-keys", { headers: bearer(adminB) });
    expect(listB.body.data.map((k: { id: string }) => k.id)).not.toContain(keyA.id);
    expect((await send(t.app, "DELETE", `/api/auth/api-keys/${keyA.id}`, { headers: bearer(adminB) })).status).toBe(
      404,
    );
    expect((await send(t.app, "GET", `/api/catalog/entities/${entityId}`, { headers: apiKey(keyA.key) })).status).toBe(
      200,
    );
  });

  it("a member of several organizations switches the active one, only to one they belong to", async () => {
    const user = await t.kernel.services.auth.users.findByEmail("a@example.com");
    await t.kernel.services.auth.users.setMembership({
      userId: user?.id ?? "",
      organizationId: "store-b",
      role: "staff",
    });
    const orgs = await send(t.app, "GET", "/api/auth/organizations", { headers: bearer(adminA) });
    expect(
      orgs.body.data.map((o: { organizationId: string; isActive: boolean }) => [o.organizationId, o.isActive]),
    ).toEqual([
      ["store-a", true],
      ["store-b", false],
    ]);
    const refused = await send(t.app, "POST", "/api/auth/organization/set-active", {
      headers: bearer(adminB),
      body: { organizationId: "store-a" },
    });
    expect(refused.status).toBe(403);
    const switched = await send(t.app, "POST", "/api/auth/organization/set-active", {
      headers: bearer(adminA),
      body: { organizationId: "store-b" },
    });
    expect(switched.body.data).toEqual({ organizationId: "store-b", role: "staff" });
    // Now acting on store B, with the staff role there: A's entity is out of reach.
    expect((await send(t.app, "GET", `/api/catalog/entities/${entityId}`, { headers: bearer(adminA) })).status).toBe(
      404,
    );
    const session = await send(t.app, "GET", "/api/auth/get-session", { headers: bearer(adminA) });
    expect(session.body.data.role).toBe("staff");
    expect(session.body.data.permissions).not.toContain("*:*");
    await send(t.app, "POST", "/api/auth/organization/set-active", {
      headers: bearer(adminA),
      body: { organizationId: "store-a" },
    });
    expect((await send(t.app, "GET", `/api/catalog/entities/${entityId}`, { headers: bearer(adminA) })).status).toBe(
      200,
    );
  });

  it("resolveActor: null without credentials or with bad ones, an actor for good ones", async () => {
    expect(await resolveActor({}, t.kernel.services.auth)).toBeNull();
    expect(await resolveActor({ authorization: "Bearer nope" }, t.kernel.services.auth)).toBeNull();
    expect(await resolveActor({ "x-api-key": "uc_admin_nope" }, t.kernel.services.auth)).toBeNull();
    const actor = await resolveActor({ authorization: `Bearer ${adminA}` }, t.kernel.services.auth);
    expect(actor).toMatchObject({ type: "user", organizationId: "store-a", role: "admin", permissions: ["*:*"] });
    expect(await resolveActor({ "x-api-key": keyB }, t.kernel.services.auth)).toMatchObject({
      type: "apiKey",
      organizationId: "store-b",
    });
  });
});

describe("authentication faults", () => {
  let t: AuthTestApp;
  let token: string;
  let key: string;
  beforeAll(async () => {
    t = await createAuthTestApp();
    token = await staffSession(t, { email: "fault@example.com", role: "admin" });
    key = (await t.kernel.services.apiKeys.create({ organizationId: "default", scope: "admin" })).key;
  });
  afterAll(() => t.close());

  it("throws when the check cannot run, and the server answers 500 with the request id, never anonymous", async () => {
    // Schema drift: the session and key tables are gone.
    await sql`alter table auth_sessions rename to auth_sessions_gone`.execute(t.db);
    await sql`alter table auth_api_keys rename to auth_api_keys_gone`.execute(t.db);
    await expect(resolveActor({ authorization: `Bearer ${token}` }, t.kernel.services.auth)).rejects.toThrow();
    await expect(resolveActor({ "x-api-key": key }, t.kernel.services.auth)).rejects.toThrow();
    expect(await resolveActor({}, t.kernel.services.auth)).toBeNull();
    for (const headers of [bearer(token), apiKey(key)]) {
      const response = await send(t.app, "GET", "/api/catalog/entities", { headers });
      expect(response.status).toBe(500);
      expect(response.body.error.requestId).toBe(response.headers["x-request-id"]);
    }
    // Anonymous requests still work: nothing was needed from the broken tables.
    expect((await send(t.app, "GET", "/api/catalog/entities")).status).toBe(401);
  });

  it("throws when another copy of the auth package was loaded first", async () => {
    const registry = globalThis as Record<symbol, unknown>;
    const key = Symbol.for("@unified-commerce/auth");
    const mine = registry[key];
    registry[key] = { version: "0.0.1" };
    try {
      await expect(resolveActor({}, t.kernel.services.auth)).rejects.toThrow(/Two copies of @unified-commerce\/auth/);
      const response = await send(t.app, "GET", "/api/catalog/entities");
      expect(response.status).toBe(500);
    } finally {
      registry[key] = mine;
    }
  });
});

describe("strict organization resolution", () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp({
      auth: {
        strictOrgResolution: true,
        storeResolver: async (request) => {
          const host = request.headers.host ?? "";
          return host.startsWith("a.") ? "store-a" : null;
        },
      },
    });
    await t.kernel.services.organizations.create({ id: "store-a", name: "A" });
  });
  afterAll(() => t.close());

  it("answers 503 when the resolver finds no store, and signs up into the resolved store otherwise", async () => {
    const unresolved = await send(t.app, "POST", "/api/auth/sign-up/email", {
      headers: { host: "unknown.example" },
      body: { email: "x@example.com", password: "long enough pw", name: "X" },
    });
    expect(unresolved.status).toBe(503);
    expect(await t.kernel.services.auth.users.findByEmail("x@example.com")).toBeUndefined();
    const resolved = await send(t.app, "POST", "/api/auth/sign-up/email", {
      headers: { host: "a.example" },
      body: { email: "x@example.com", password: "long enough pw", name: "X" },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data.session.organizationId).toBe("store-a");
    // A signed-in actor carries its organization: the resolver is not consulted.
    const me = await send(t.app, "GET", "/api/auth/get-session", {
      headers: { host: "unknown.example", ...bearer(resolved.body.data.token) },
    });
    expect(me.status).toBe(200);
    expect(me.body.data.session.organizationId).toBe("store-a");
  });
});
