import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKey, bearer, createAuthTestApp, send, staffSession, type AuthTestApp } from "./auth-test-helpers.js";

describe("API keys", () => {
  let t: AuthTestApp;
  let ownerToken: string;
  beforeAll(async () => {
    t = await createAuthTestApp();
    ownerToken = await staffSession(t, { email: "owner@example.com", role: "owner" });
  });
  afterAll(() => t.close());

  const mint = (scope: string, extra: Record<string, unknown> = {}) =>
    t.kernel.services.apiKeys.create({ organizationId: "default", scope, ...extra });

  it("mints a key with the scope's prefix, shown once, of which only a hash is stored", async () => {
    const created = await send(t.app, "POST", "/api/auth/api-keys", {
      headers: bearer(ownerToken),
      body: { scope: "storefront", name: "web shop" },
    });
    expect(created.status).toBe(201);
    const key: string = created.body.data.key;
    expect(key).toMatch(/^uc_sf_[a-z2-7]{16}_[a-z2-7]{32}$/);
    expect(created.body.data).toMatchObject({ scope: "storefront", name: "web shop", prefix: "uc_sf_" });

    const dump = JSON.stringify((await sql`select * from auth_api_keys`.execute(t.db)).rows);
    expect(dump).not.toContain(key);
    expect(dump).not.toContain(key.split("_").at(-1));
    const listed = await send(t.app, "GET", "/api/auth/api-keys", { headers: bearer(ownerToken) });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(key.split("_").at(-1));
    expect(listed.body.data.some((row: { id: string }) => row.id === created.body.data.id)).toBe(true);

    const read = await send(t.app, "GET", "/api/catalog/entities", { headers: apiKey(key) });
    expect(read.status).toBe(200);
  });

  it("grants exactly the scope's permissions: an orders:read key gets 403 on writes and on other modules", async () => {
    const { key } = await mint("orders");
    const write = await send(t.app, "POST", "/api/catalog/entities", {
      headers: apiKey(key),
      body: { type: "product", slug: "nope", status: "active" },
    });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe("FORBIDDEN");
    expect(
      (await send(t.app, "POST", "/api/inventory/warehouses", { headers: apiKey(key), body: { name: "x", code: "x" } }))
        .status,
    ).toBe(403);
    expect((await send(t.app, "GET", "/api/catalog/entities", { headers: apiKey(key) })).status).toBe(403);
    expect((await sql`select id from catalog_entities where slug = 'nope'`.execute(t.db)).rows).toHaveLength(0);
  });

  it("refuses revoked, expired, tampered and unknown keys with 401", async () => {
    const revoked = await mint("storefront");
    const revoke = await send(t.app, "DELETE", `/api/auth/api-keys/${revoked.id}`, { headers: bearer(ownerToken) });
    expect(revoke.status).toBe(200);
    expect((await send(t.app, "GET", "/api/catalog/entities", { headers: apiKey(revoked.key) })).status).toBe(401);
    expect(
      (await send(t.app, "DELETE", `/api/auth/api-keys/${revoked.id}`, { headers: bearer(ownerToken) })).status,
    ).toBe(404);

    const expired = await mint("storefront", { expiresInSeconds: 86_400 });
    await sql`update auth_api_keys set expires_at = now() - interval '1 second' where id = ${expired.id}`.execute(t.db);
    expect((await send(t.app, "GET", "/api/catalog/entities", { headers: apiKey(expired.key) })).status).toBe(401);

    const good = await mint("storefront");
    const tampered = `${good.key.slice(0, -1)}${good.key.endsWith("a") ? "b" : "a"}`;
    expect((await send(t.app, "GET", "/api/catalog/entities", { headers: apiKey(tampered) })).status).toBe(401);
    // The secret of one scope's key does not work under another prefix.
    expect(
      (await send(t.app, "GET", "/api/catalog/entities", { headers: apiKey(good.key.replace("uc_sf_", "uc_admin_")) }))
        .status,
    ).toBe(401);
    const unknown = await send(t.app, "GET", "/api/catalog/entities", { headers: apiKey("uc_sf_nothing") });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error.code).toBe("UNAUTHORIZED");
  });

  it("mints only against declared scopes and within the scope's expiration bounds (days, fractions allowed)", async () => {
    await expect(mint("nope")).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(mint("short", { expiresInSeconds: 3600 })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    await expect(mint("short", { expiresInSeconds: 3 * 86_400 })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    const half = await mint("short", { expiresInSeconds: 43_200 });
    expect(half.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 43_000_000);
    const defaulted = await mint("short");
    expect(defaulted.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now() + 2 * 86_400_000);
    const overHttp = await send(t.app, "POST", "/api/auth/api-keys", {
      headers: bearer(ownerToken),
      body: { scope: "short", expiresInSeconds: 60 },
    });
    expect(overHttp.status).toBe(422);
  });

  it("lets nobody mint a key that grants more than they hold", async () => {
    const staffToken = await staffSession(t, { email: "staff-keys@example.com", role: "staff" });
    const noRight = await send(t.app, "POST", "/api/auth/api-keys", {
      headers: bearer(staffToken),
      body: { scope: "storefront" },
    });
    expect(noRight.status).toBe(403);

    const keyManager = await mint("admin");
    const escalate = await send(t.app, "POST", "/api/auth/api-keys", {
      headers: apiKey(keyManager.key),
      body: { scope: "admin" },
    });
    expect(escalate.status).toBe(201);
    // A storefront key cannot mint anything.
    const storefront = await mint("storefront");
    expect(
      (
        await send(t.app, "POST", "/api/auth/api-keys", {
          headers: apiKey(storefront.key),
          body: { scope: "storefront" },
        })
      ).status,
    ).toBe(403);
  });

  it("lists the declared scopes with their permissions", async () => {
    const scopes = await send(t.app, "GET", "/api/auth/api-key-scopes", { headers: bearer(ownerToken) });
    expect(scopes.status).toBe(200);
    expect(scopes.body.data.find((s: { name: string }) => s.name === "admin").permissions).toEqual(["*:*"]);
  });

  it("an API key is not a session: session routes answer 403", async () => {
    const { key } = await mint("admin");
    expect((await send(t.app, "GET", "/api/auth/sessions", { headers: apiKey(key) })).status).toBe(403);
    expect((await send(t.app, "GET", "/api/auth/get-session", { headers: apiKey(key) })).body.data).toBeNull();
  });
});
