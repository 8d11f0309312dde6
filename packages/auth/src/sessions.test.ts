import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthTestApp, send, bearer, TRUSTED_ORIGIN, type AuthTestApp } from "./auth-test-helpers.js";
import { SESSION_COOKIE_NAME } from "./session-cookie.js";

const password = "correct horse battery";

describe("sessions", () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp();
  });
  afterAll(() => t.close());

  const signUp = (email: string) =>
    send(t.app, "POST", "/api/auth/sign-up/email", { body: { email, password, name: "Ada" } });
  const signIn = (email: string, pass = password) =>
    send(t.app, "POST", "/api/auth/sign-in/email", { body: { email, password: pass } });
  const session = (token: string) => send(t.app, "GET", "/api/auth/get-session", { headers: bearer(token) });

  it("signs up, signs in with a fresh high-entropy token each time, and the token works as bearer", async () => {
    const created = await signUp("ada@example.com");
    expect(created.status).toBe(200);
    expect(created.body.data.user.email).toBe("ada@example.com");
    const first = await signIn("ADA@example.com ");
    const second = await signIn("ada@example.com");
    expect(first.status).toBe(200);
    const token: string = first.body.data.token;
    // <16 base32 id>.<32 base32 secret>: the secret alone is 160 bits from the CSPRNG.
    expect(token).toMatch(/^[a-z2-7]{16}\.[a-z2-7]{32}$/);
    expect(second.body.data.token).not.toBe(token);
    expect(new Set([created.body.data.token, token, second.body.data.token]).size).toBe(3);

    const current = await session(token);
    expect(current.status).toBe(200);
    expect(current.body.data.user.email).toBe("ada@example.com");
    expect(current.body.data.role).toBe("customer");
    expect(current.body.data.session.organizationId).toBe("default");
  });

  it("sets an HttpOnly, SameSite=Lax cookie named uc.session_token that authenticates", async () => {
    const response = await signIn("ada@example.com");
    const cookie = String(response.headers["set-cookie"]);
    expect(cookie).toContain(`${SESSION_COOKIE_NAME}=${response.body.data.token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const viaCookie = await send(t.app, "GET", "/api/auth/get-session", {
      headers: { cookie: `${SESSION_COOKIE_NAME}=${response.body.data.token}` },
    });
    expect(viaCookie.body.data.user.email).toBe("ada@example.com");
    // The cookie's lifetime is renewed with the session's sliding expiry.
    expect(String(viaCookie.headers["set-cookie"])).toMatch(
      new RegExp(`^${SESSION_COOKIE_NAME}=${response.body.data.token}; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax$`),
    );
  });

  it("stores no usable secret: a dump of the sessions table holds no token or token secret", async () => {
    const token: string = (await signIn("ada@example.com")).body.data.token;
    const [id, secret] = token.split(".") as [string, string];
    const dump = JSON.stringify((await sql`select * from auth_sessions`.execute(t.db)).rows);
    expect(dump).toContain(id);
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain(token);
    // Knowing the stored row (id and hash) is not enough to authenticate.
    const row = (
      await sql<{ secretHash: string }>`select secret_hash from auth_sessions where id = ${id}`.execute(t.db)
    ).rows[0];
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await session(`${id}.${row?.secretHash}`)).body.data).toBeNull();
    expect(
      (await send(t.app, "GET", "/api/auth/sessions", { headers: bearer(`${id}.${"a".repeat(32)}`) })).status,
    ).toBe(401);
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const unknown = await signIn("nobody@example.com", "whatever-password");
    const wrong = await signIn("ada@example.com", "whatever-password");
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body.error.code).toBe("UNAUTHORIZED");
  });

  it("ends the session on sign-out: the bearer token stops working", async () => {
    const token: string = (await signIn("ada@example.com")).body.data.token;
    expect((await send(t.app, "GET", "/api/auth/sessions", { headers: bearer(token) })).status).toBe(200);
    const out = await send(t.app, "POST", "/api/auth/sign-out", { headers: bearer(token) });
    expect(out.status).toBe(200);
    expect(String(out.headers["set-cookie"])).toContain("Max-Age=0");
    expect((await session(token)).body.data).toBeNull();
    const after = await send(t.app, "GET", "/api/auth/sessions", { headers: bearer(token) });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("UNAUTHORIZED");
  });

  it("ends an expired session and slides the expiry of a used one", async () => {
    const expired: string = (await signIn("ada@example.com")).body.data.token;
    const id = expired.split(".")[0] as string;
    await sql`update auth_sessions set expires_at = now() - interval '1 second' where id = ${id}`.execute(t.db);
    expect((await session(expired)).body.data).toBeNull();
    expect((await sql`select id from auth_sessions where id = ${id}`.execute(t.db)).rows).toHaveLength(0);

    const sliding: string = (await signIn("ada@example.com")).body.data.token;
    const slidingId = sliding.split(".")[0] as string;
    await sql`update auth_sessions set expires_at = now() + interval '1 hour' where id = ${slidingId}`.execute(t.db);
    const refreshed = await session(sliding);
    expect(new Date(refreshed.body.data.session.expiresAt).getTime()).toBeGreaterThan(
      Date.now() + 29 * 24 * 3600 * 1000,
    );
  });

  it("changing the password ends the other sessions, keeps the current one, and the old password stops working", async () => {
    await signUp("grace@example.com");
    const phone: string = (await signIn("grace@example.com")).body.data.token;
    const laptop: string = (await signIn("grace@example.com")).body.data.token;
    const wrongCurrent = await send(t.app, "POST", "/api/auth/change-password", {
      headers: bearer(laptop),
      body: { currentPassword: "nope-nope", newPassword: "a new long password" },
    });
    expect(wrongCurrent.status).toBe(403);
    const changed = await send(t.app, "POST", "/api/auth/change-password", {
      headers: bearer(laptop),
      body: { currentPassword: password, newPassword: "a new long password" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.revokedSessions).toBeGreaterThanOrEqual(2);
    expect((await session(phone)).body.data).toBeNull();
    expect((await session(laptop)).body.data.user.email).toBe("grace@example.com");
    expect((await signIn("grace@example.com")).status).toBe(401);
    expect((await signIn("grace@example.com", "a new long password")).status).toBe(200);
  });

  it("lists your own sessions and revokes one; another user's session is a 404", async () => {
    await signUp("linus@example.com");
    const a: string = (await signIn("linus@example.com")).body.data.token;
    const b: string = (await signIn("linus@example.com")).body.data.token;
    const list = await send(t.app, "GET", "/api/auth/sessions", { headers: bearer(a) });
    expect(list.body.data.length).toBeGreaterThanOrEqual(2);
    expect(list.body.data.filter((s: { isCurrent: boolean }) => s.isCurrent)).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(b.split(".")[1]);
    const adaToken: string = (await signIn("ada@example.com")).body.data.token;
    const foreign = await send(t.app, "DELETE", `/api/auth/sessions/${b.split(".")[0]}`, { headers: bearer(adaToken) });
    expect(foreign.status).toBe(404);
    const revoked = await send(t.app, "DELETE", `/api/auth/sessions/${b.split(".")[0]}`, { headers: bearer(a) });
    expect(revoked.status).toBe(200);
    expect((await session(b)).body.data).toBeNull();
  });

  it("refuses a duplicate sign-up with 409 and a short password with 422", async () => {
    expect((await signUp("ada@example.com")).status).toBe(409);
    const short = await send(t.app, "POST", "/api/auth/sign-up/email", {
      body: { email: "short@example.com", password: "short", name: "S" },
    });
    expect(short.status).toBe(422);
  });

  it("answers 401 for a malformed, unknown or revoked bearer token on any non-auth route, never anonymous", async () => {
    for (const token of ["garbage", `${"a".repeat(16)}.${"b".repeat(32)}`]) {
      const response = await send(t.app, "GET", "/api/health", { headers: bearer(token) });
      expect(response.status).toBe(200); // public routes do not resolve actors at all
      const catalog = await send(t.app, "GET", "/api/catalog/entities", { headers: bearer(token) });
      expect(catalog.status).toBe(401);
    }
    // Sign-in still works with a stale token in the header.
    expect(
      (
        await send(t.app, "POST", "/api/auth/sign-in/email", {
          headers: bearer("stale"),
          body: { email: "ada@example.com", password },
        })
      ).status,
    ).toBe(200);
  });

  it("ignores a stale cookie (anonymous) and clears it", async () => {
    const response = await send(t.app, "GET", "/api/auth/get-session", {
      headers: { cookie: `${SESSION_COOKIE_NAME}=nope`, origin: TRUSTED_ORIGIN },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toBeNull();
    expect(String(response.headers["set-cookie"])).toContain("Max-Age=0");
  });
});

describe("sessions over HTTPS", () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp({ config: { http: { https: true } } });
  });
  afterAll(() => t.close());

  it("uses the __Secure- prefix and the Secure attribute", async () => {
    const up = await send(t.app, "POST", "/api/auth/sign-up/email", {
      body: { email: "sec@example.com", password, name: "Sec" },
    });
    const cookie = String(up.headers["set-cookie"]);
    expect(cookie.startsWith(`__Secure-${SESSION_COOKIE_NAME}=`)).toBe(true);
    expect(cookie).toMatch(/; Secure/);
    const viaCookie = await send(t.app, "GET", "/api/auth/get-session", {
      headers: { cookie: `__Secure-${SESSION_COOKIE_NAME}=${up.body.data.token}` },
    });
    expect(viaCookie.body.data.user.email).toBe("sec@example.com");
  });
});
