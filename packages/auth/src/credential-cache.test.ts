import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiKey, bearer, createAuthTestApp, send, staffSession, type AuthTestApp } from "./auth-test-helpers.js";
import { createCredentialCache } from "./credential-cache.js";
import { hashSecret } from "./secret-token.js";

describe("credential cache: changes made through this process apply at once", () => {
  let t: AuthTestApp;
  let ownerToken: string;
  beforeAll(async () => {
    t = await createAuthTestApp();
    ownerToken = await staffSession(t, { email: "owner@example.com", role: "owner" });
  });
  afterAll(() => t.close());

  const me = (token: string) => send(t.app, "GET", "/api/auth/sessions", { headers: bearer(token) });

  it("a session used a moment ago stops working as soon as it signs out", async () => {
    const token = await staffSession(t, { email: "signout@example.com", role: "customer" });
    expect((await me(token)).status).toBe(200);
    expect((await send(t.app, "POST", "/api/auth/sign-out", { headers: bearer(token) })).status).toBe(200);
    expect((await me(token)).status).toBe(401);
  });

  it("revoking a session and changing the password end sessions used a moment ago", async () => {
    const phone = await staffSession(t, { email: "grace@example.com", role: "customer" });
    const laptop = (
      await send(t.app, "POST", "/api/auth/sign-in/email", {
        body: { email: "grace@example.com", password: "correct horse battery" },
      })
    ).body.data.token as string;
    const tablet = (
      await send(t.app, "POST", "/api/auth/sign-in/email", {
        body: { email: "grace@example.com", password: "correct horse battery" },
      })
    ).body.data.token as string;
    for (const token of [phone, laptop, tablet]) expect((await me(token)).status).toBe(200);

    const tabletId = tablet.split(".")[0] as string;
    expect((await send(t.app, "DELETE", `/api/auth/sessions/${tabletId}`, { headers: bearer(phone) })).status).toBe(
      200,
    );
    expect((await me(tablet)).status).toBe(401);

    const changed = await send(t.app, "POST", "/api/auth/change-password", {
      headers: bearer(phone),
      body: { currentPassword: "correct horse battery", newPassword: "a new long password" },
    });
    expect(changed.status).toBe(200);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(200);
  });

  it("a role change applies to a session used a moment ago", async () => {
    const token = await staffSession(t, { email: "promoted@example.com", role: "customer" });
    const write = () =>
      send(t.app, "POST", "/api/inventory/warehouses", {
        headers: bearer(token),
        body: { name: "Main", code: `main-${Date.now()}` },
      });
    expect((await write()).status).toBe(403);
    const user = await t.kernel.services.auth.users.findByEmail("promoted@example.com");
    await t.kernel.services.auth.users.setMembership({
      userId: user?.id as string,
      organizationId: "default",
      role: "owner",
    });
    expect((await write()).status).toBe(201);
  });

  it("a key used a moment ago answers 401 once revoked, and its secret is refused under another prefix", async () => {
    const { id, key } = await t.kernel.services.apiKeys.create({ organizationId: "default", scope: "storefront" });
    expect((await send(t.app, "GET", "/api/catalog/entities", { headers: apiKey(key) })).status).toBe(200);
    expect(
      (await send(t.app, "GET", "/api/catalog/entities", { headers: apiKey(key.replace("uc_sf_", "uc_admin_")) }))
        .status,
    ).toBe(401);
    const tampered = `${key.slice(0, -1)}${key.endsWith("a") ? "b" : "a"}`;
    expect((await send(t.app, "GET", "/api/catalog/entities", { headers: apiKey(tampered) })).status).toBe(401);
    expect((await send(t.app, "DELETE", `/api/auth/api-keys/${id}`, { headers: bearer(ownerToken) })).status).toBe(200);
    expect((await send(t.app, "GET", "/api/catalog/entities", { headers: apiKey(key) })).status).toBe(401);
  });

  it("with credentialCacheSeconds 0, a change made directly in the database applies to the next request", async () => {
    const uncached = await createAuthTestApp({ plugin: { credentialCacheSeconds: 0 } });
    try {
      const { id, key } = await uncached.kernel.services.apiKeys.create({
        organizationId: "default",
        scope: "storefront",
      });
      expect((await send(uncached.app, "GET", "/api/catalog/entities", { headers: apiKey(key) })).status).toBe(200);
      await sql`update auth_api_keys set revoked_at = now() where id = ${id}`.execute(uncached.db);
      expect((await send(uncached.app, "GET", "/api/catalog/entities", { headers: apiKey(key) })).status).toBe(401);
    } finally {
      await uncached.close();
    }
  });
});

describe("createCredentialCache", () => {
  afterEach(() => void vi.useRealTimers());
  const secret = "s".repeat(32);
  const entry = (generation: number, expiresAt: Date | null = null) => ({
    generation,
    secretHash: hashSecret(secret),
    userId: "u1",
    expiresAt,
    value: "v",
  });

  it("answers only for the right secret, and forgets after its lifetime or the credential's expiry", () => {
    vi.useFakeTimers({ now: 0 });
    const cache = createCredentialCache(2);
    cache.set("session", "a", entry(cache.generation()));
    cache.set("session", "b", entry(cache.generation(), new Date(500)));
    expect(cache.get("session", "a", secret)).toBe("v");
    expect(cache.get("session", "a", "x".repeat(32))).toBeUndefined();
    expect(cache.get("apiKey", "a", secret)).toBeUndefined();
    vi.setSystemTime(600);
    expect(cache.get("session", "b", secret)).toBeUndefined();
    expect(cache.get("session", "a", secret)).toBe("v");
    vi.setSystemTime(2_000);
    expect(cache.get("session", "a", secret)).toBeUndefined();
  });

  it("does not keep a lookup that started before an eviction (it may have read the evicted row)", () => {
    const cache = createCredentialCache(2);
    const started = cache.generation();
    cache.deleteUser("someone");
    cache.set("session", "a", entry(started));
    expect(cache.get("session", "a", secret)).toBeUndefined();
  });

  it("evicts every credential of a user", () => {
    const cache = createCredentialCache(2);
    cache.set("session", "a", entry(cache.generation()));
    cache.set("apiKey", "k", entry(cache.generation()));
    cache.deleteUser("u1");
    expect(cache.get("session", "a", secret)).toBeUndefined();
    expect(cache.get("apiKey", "k", secret)).toBeUndefined();
  });
});
