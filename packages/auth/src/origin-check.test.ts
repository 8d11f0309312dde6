import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiKey,
  bearer,
  createAuthTestApp,
  send,
  staffSession,
  TRUSTED_ORIGIN,
  type AuthTestApp,
} from "./auth-test-helpers.js";
import { SESSION_COOKIE_NAME } from "./session-cookie.js";

describe("Origin check on cookie-authenticated mutations", () => {
  let t: AuthTestApp;
  let token: string;
  let cookie: string;
  beforeAll(async () => {
    t = await createAuthTestApp();
    token = await staffSession(t, { email: "admin@example.com", role: "admin" });
    cookie = `${SESSION_COOKIE_NAME}=${token}`;
  });
  afterAll(() => t.close());

  const create = (slug: string, headers: Record<string, string>) =>
    send(t.app, "POST", "/api/catalog/entities", { headers, body: { type: "product", slug, status: "active" } });
  const exists = async (slug: string) =>
    (await sql`select id from catalog_entities where slug = ${slug}`.execute(t.db)).rows.length > 0;

  it("refuses a missing or foreign Origin with 403 and writes nothing", async () => {
    const missing = await create("no-origin", { cookie });
    expect(missing.status).toBe(403);
    expect(missing.body.error.code).toBe("FORBIDDEN");
    const foreign = await create("foreign", { cookie, origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    const lookalike = await create("lookalike", { cookie, origin: "https://shop.example.evil.example" });
    expect(lookalike.status).toBe(403);
    const nullOrigin = await create("null-origin", { cookie, origin: "null" });
    expect(nullOrigin.status).toBe(403);
    for (const slug of ["no-origin", "foreign", "lookalike", "null-origin"]) expect(await exists(slug)).toBe(false);
    // Every mutating method is covered, the auth routes too: a forged sign-out does not end the session.
    expect(
      (await send(t.app, "POST", "/api/auth/sign-out", { headers: { cookie, origin: "https://evil.example" } })).status,
    ).toBe(403);
    expect((await send(t.app, "GET", "/api/auth/get-session", { headers: { cookie } })).body.data).not.toBeNull();
  });

  it("accepts a trusted Origin", async () => {
    expect((await create("trusted", { cookie, origin: TRUSTED_ORIGIN })).status).toBe(201);
    expect((await create("trusted-port", { cookie, origin: "https://shop.example:443" })).status).toBe(201);
  });

  it("lets cookie-authenticated reads through without Origin", async () => {
    expect((await send(t.app, "GET", "/api/catalog/entities", { headers: { cookie } })).status).toBe(200);
  });

  it("exempts bearer and API-key requests", async () => {
    expect((await create("by-bearer", { ...bearer(token), origin: "https://evil.example" })).status).toBe(201);
    const { key } = await t.kernel.services.apiKeys.create({ organizationId: "default", scope: "admin" });
    expect((await create("by-key", apiKey(key))).status).toBe(201);
  });
});
