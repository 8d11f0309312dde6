import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  createAuthTestApp,
  send,
  staffSession,
  totpCode,
  totpKey,
  TRUSTED_ORIGIN,
  type AuthTestApp,
} from "./auth-test-helpers.js";
import { SESSION_COOKIE_NAME } from "./session-cookie.js";

interface FakeUser {
  sub: string;
  email: string;
  name: string;
  email_verified: boolean;
}

/** A fake OAuth 2.0 provider on loopback: issues a code per user, checks PKCE and client credentials. */
async function startProvider() {
  const codes = new Map<string, FakeUser>();
  const tokens = new Map<string, FakeUser>();
  const requests: { path: string; body: string; authorization: string | undefined }[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      requests.push({ path: url.pathname, body, authorization: request.headers.authorization });
      if (url.pathname === "/token") {
        const form = new URLSearchParams(body);
        const user = codes.get(form.get("code") ?? "");
        if (!user || !form.get("code_verifier"))
          return response
            .writeHead(400, { "content-type": "application/json" })
            .end(JSON.stringify({ error: "invalid_grant" }));
        codes.delete(form.get("code") ?? "");
        const token = `at-${Math.random().toString(36).slice(2)}`;
        tokens.set(token, user);
        return response
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ access_token: token, token_type: "Bearer", expires_in: 3600 }));
      }
      if (url.pathname === "/userinfo") {
        const user = tokens.get((request.headers.authorization ?? "").replace(/^Bearer /, ""));
        if (!user) return response.writeHead(401).end();
        return response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(user));
      }
      response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    /** What the provider does when the user approves: a code bound to that user. */
    approve(user: FakeUser) {
      const code = `code-${Math.random().toString(36).slice(2)}`;
      codes.set(code, user);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("OAuth sign-in", () => {
  let t: AuthTestApp;
  let provider: Awaited<ReturnType<typeof startProvider>>;
  beforeAll(async () => {
    provider = await startProvider();
    t = await createAuthTestApp({
      auth: {
        socialProviders: { fake: { clientId: "client-1", clientSecret: "secret-1" } },
        twoFactor: { enabled: true },
      },
      plugin: {
        baseUrl: "https://api.shop.example",
        oauthProviders: {
          fake: {
            authorizationEndpoint: `${provider.base}/authorize`,
            tokenEndpoint: `${provider.base}/token`,
            userInfoEndpoint: `${provider.base}/userinfo`,
          },
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  /** Starts a sign-in and answers the `state` the server put into the provider URL. */
  const start = async (query = "") => {
    const response = await t.app.inject({ url: `/api/auth/sign-in/social/fake${query}` });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.origin + location.pathname).toBe(`${provider.base}/authorize`);
    expect(location.searchParams.get("client_id")).toBe("client-1");
    expect(location.searchParams.get("redirect_uri")).toBe("https://api.shop.example/api/auth/callback/fake");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    return location.searchParams.get("state") ?? "";
  };

  const alice: FakeUser = { sub: "u-1", email: "alice@example.com", name: "Alice", email_verified: true };

  it("creates the user on first sign-in and answers a session usable as bearer", async () => {
    const state = await start();
    const callback = await send(
      t.app,
      "GET",
      `/api/auth/callback/fake?code=${provider.approve(alice)}&state=${encodeURIComponent(state)}`,
    );
    expect(callback.status).toBe(200);
    expect(callback.body.data.user).toMatchObject({ email: "alice@example.com", name: "Alice", emailVerified: true });
    const session = await send(t.app, "GET", "/api/auth/get-session", { headers: bearer(callback.body.data.token) });
    expect(session.body.data.role).toBe("customer");
    // Client credentials went to the token endpoint (HTTP Basic), never to the browser.
    expect(provider.requests.find((r) => r.path === "/token")?.authorization).toMatch(/^Basic /);
  });

  it("signs the same account in again, and refuses a reused or foreign state", async () => {
    const state = await start();
    const first = await send(
      t.app,
      "GET",
      `/api/auth/callback/fake?code=${provider.approve(alice)}&state=${encodeURIComponent(state)}`,
    );
    expect(first.status).toBe(200);
    const users = await t.kernel.services.auth.users.findByEmail("alice@example.com");
    expect(first.body.data.user.id).toBe(users?.id);
    const replay = await send(
      t.app,
      "GET",
      `/api/auth/callback/fake?code=${provider.approve(alice)}&state=${encodeURIComponent(state)}`,
    );
    expect(replay.status).toBe(401);
    const forged = await send(
      t.app,
      "GET",
      `/api/auth/callback/fake?code=${provider.approve(alice)}&state=${"a".repeat(16)}.${"b".repeat(32)}`,
    );
    expect(forged.status).toBe(401);
  });

  it("redirects to a trusted redirectTo with the session cookie, and refuses untrusted ones", async () => {
    const state = await start(`?redirectTo=${encodeURIComponent(`${TRUSTED_ORIGIN}/account`)}`);
    const callback = await t.app.inject({
      url: `/api/auth/callback/fake?code=${provider.approve(alice)}&state=${encodeURIComponent(state)}`,
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(`${TRUSTED_ORIGIN}/account`);
    expect(String(callback.headers["set-cookie"])).toContain(`${SESSION_COOKIE_NAME}=`);
    expect(
      (
        await t.app.inject({
          url: `/api/auth/sign-in/social/fake?redirectTo=${encodeURIComponent("https://evil.example/")}`,
        })
      ).statusCode,
    ).toBe(422);
    expect((await t.app.inject({ url: "/api/auth/sign-in/social/nope" })).statusCode).toBe(404);
  });

  it("does not link an unverified provider address to an existing account", async () => {
    await send(t.app, "POST", "/api/auth/sign-up/email", {
      body: { email: "bob@example.com", password: "correct horse battery", name: "Bob" },
    });
    const state = await start();
    const mallory: FakeUser = { sub: "u-evil", email: "bob@example.com", name: "Mallory", email_verified: false };
    const callback = await send(
      t.app,
      "GET",
      `/api/auth/callback/fake?code=${provider.approve(mallory)}&state=${encodeURIComponent(state)}`,
    );
    expect(callback.status).toBe(409);
  });

  /** Turns two-factor on for the session's user; answers the TOTP key. */
  const enrol = async (token: string, password: string) => {
    const enabled = await send(t.app, "POST", "/api/auth/two-factor/enable", {
      headers: bearer(token),
      body: { password },
    });
    const key = totpKey(enabled.body.data.totpURI);
    expect(
      (
        await send(t.app, "POST", "/api/auth/two-factor/verify", {
          headers: bearer(token),
          body: { code: totpCode(key) },
        })
      ).status,
    ).toBe(200);
    return key;
  };
  const callback = (state: string, user: FakeUser) =>
    t.app.inject({ url: `/api/auth/callback/fake?code=${provider.approve(user)}&state=${encodeURIComponent(state)}` });

  // Regression: the callback opened a session for a user with two-factor on, skipping the second factor.
  it("answers a two-factor challenge, not a session, for a user who enrolled", async () => {
    const token = await staffSession(t, { email: "carol@example.com", role: "staff" });
    const key = await enrol(token, "correct horse battery");
    const carol: FakeUser = { sub: "u-carol", email: "carol@example.com", name: "Carol", email_verified: true };
    const userId = (await t.kernel.services.auth.users.findByEmail("carol@example.com"))?.id ?? "";
    const sessionsBefore = (await t.kernel.services.auth.sessions.list(userId)).length;

    const answered = await callback(await start(), carol);
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(answered.headers["set-cookie"]).toBeUndefined();

    const redirected = await callback(await start(`?redirectTo=${encodeURIComponent("/account")}`), carol);
    expect(redirected.statusCode).toBe(302);
    const location = new URL(redirected.headers.location as string);
    expect(location.origin + location.pathname).toBe("https://api.shop.example/account");
    expect(redirected.headers["set-cookie"]).toBeUndefined();
    expect(await t.kernel.services.auth.sessions.list(userId)).toHaveLength(sessionsBefore);

    const challenge = new URLSearchParams(location.hash.slice(1)).get("twoFactorChallenge") ?? "";
    const done = await send(t.app, "POST", "/api/auth/sign-in/two-factor", {
      body: { challenge, code: totpCode(key, 1) },
    });
    expect(done.status).toBe(200);
    expect(done.body.data.user.id).toBe(userId);
  });

  // Regression (account pre-hijacking): an attacker registered the victim's address with a password and
  // kept it after the victim linked their provider identity.
  it("gives a pre-registered, unverified account to the provider user: the registrant's password, sessions and two-factor stop working", async () => {
    const attackerPassword = "attacker password 1";
    const signUp = await send(t.app, "POST", "/api/auth/sign-up/email", {
      body: { email: "victim@example.com", password: attackerPassword, name: "Not the victim" },
    });
    expect(signUp.body.data.user.emailVerified).toBe(false);
    const attackerToken: string = signUp.body.data.token;
    await enrol(attackerToken, attackerPassword);

    const victim: FakeUser = { sub: "u-victim", email: "victim@example.com", name: "Victim", email_verified: true };
    const answered = await callback(await start(), victim);
    expect(answered.statusCode).toBe(200);
    const data = answered.json().data;
    // Not challenged with the registrant's two-factor: it went with the account's takeover.
    expect(data.twoFactorRequired).toBe(false);
    expect(data.user).toMatchObject({ id: signUp.body.data.user.id, emailVerified: true });

    expect(
      (await send(t.app, "GET", "/api/auth/get-session", { headers: bearer(attackerToken) })).body.data,
    ).toBeNull();
    expect(
      (
        await send(t.app, "POST", "/api/auth/sign-in/email", {
          body: { email: "victim@example.com", password: attackerPassword },
        })
      ).status,
    ).toBe(401);
    const sessions = await t.kernel.services.auth.sessions.list(data.user.id);
    expect(sessions.map((s) => s.id)).toEqual([data.session.id]);
    expect(await t.kernel.services.auth.twoFactor.isEnabled(data.user.id)).toBe(false);
  });

  // Regression: `/\evil.example/x` passed as a path, and browsers read `\` as `/`.
  it("refuses a redirectTo that a browser would resolve to another origin, storing nothing", async () => {
    const states = async () =>
      Number(
        (
          await sql<{ count: string }>`select count(*) from auth_verifications where purpose = 'oauth-state'`.execute(
            t.db,
          )
        ).rows[0]?.count,
      );
    const before = await states();
    const hostile = [
      "/\\evil.example/x",
      "//evil.example/x",
      "/\\\\evil.example",
      "\\/evil.example",
      "http:evil.example",
      "/\t/evil.example",
      "\n//evil.example",
      "https://evil.example/",
      "https://api.shop.example.evil.example/",
      "https://api.shop.example@evil.example/",
      "javascript:alert(1)",
    ];
    for (const value of hostile) {
      const response = await t.app.inject({
        url: `/api/auth/sign-in/social/fake?redirectTo=${encodeURIComponent(value)}`,
      });
      expect({ value, status: response.statusCode }).toEqual({ value, status: 422 });
    }
    expect(await states()).toBe(before);
  });

  it("redirects to the resolved same-origin URL, never to the raw text", async () => {
    for (const [value, expected] of [
      ["/account?tab=1", "https://api.shop.example/account?tab=1"],
      ["/%5Cevil.example", "https://api.shop.example/%5Cevil.example"],
      ["https:evil.example", "https://api.shop.example/evil.example"],
    ] as const) {
      const redirected = await callback(await start(`?redirectTo=${encodeURIComponent(value)}`), alice);
      expect(redirected.statusCode).toBe(302);
      expect(redirected.headers.location).toBe(expected);
    }
  });

  it("answers 401 when the provider refuses the code", async () => {
    const state = await start();
    expect(
      (await send(t.app, "GET", `/api/auth/callback/fake?code=unknown&state=${encodeURIComponent(state)}`)).status,
    ).toBe(401);
  });
});
