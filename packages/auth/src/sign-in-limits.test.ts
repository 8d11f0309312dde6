import { sql } from "kysely";
import { isPostgresTestRun } from "@unified-commerce/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  createAuthTestApp,
  send,
  TEST_HASHING,
  totpCode,
  totpKey,
  type AuthTestApp,
} from "./auth-test-helpers.js";

const password = "correct horse battery";

/** Signs up `email`, turns two-factor on over HTTP; answers the TOTP key. */
async function userWithTwoFactor(t: AuthTestApp, email: string): Promise<Uint8Array> {
  const signUp = await send(t.app, "POST", "/api/auth/sign-up/email", { body: { email, password, name: "TF" } });
  const enabled = await send(t.app, "POST", "/api/auth/two-factor/enable", {
    headers: bearer(signUp.body.data.token),
    body: { password },
  });
  const key = totpKey(enabled.body.data.totpURI);
  expect(
    (
      await send(t.app, "POST", "/api/auth/two-factor/verify", {
        headers: bearer(signUp.body.data.token),
        body: { code: totpCode(key) },
      })
    ).status,
  ).toBe(200);
  return key;
}

/** A code that is none of the three the server accepts now. */
function wrongCode(key: Uint8Array): string {
  const accepted = new Set([-1, 0, 1].map((offset) => totpCode(key, offset)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!accepted.has(candidate)) return candidate;
  }
}

const countRows = async (t: AuthTestApp, key: string, failuresOnly = false) =>
  Number(
    (
      await sql<{
        count: string;
      }>`select count(*) from auth_login_attempts where key = ${key} and (not ${failuresOnly} or not is_success)`.execute(
        t.db,
      )
    ).rows[0]?.count,
  );

describe("sign-in rate limits and rehashing", () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp({
      auth: { twoFactor: { enabled: true } },
      plugin: {
        signInRateLimit: { windowSeconds: 60, maxPerIp: 8, maxFailuresPerAccount: 3 },
        passwordHashing: { ...TEST_HASHING, memoryCost: 2048 },
      },
    });
    await send(t.app, "POST", "/api/auth/sign-up/email", {
      body: { email: "target@example.com", password, name: "T" },
    });
  });
  afterAll(() => t.close());

  const signIn = (email: string, pass: string, ip = "10.0.0.1") =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      remoteAddress: ip,
      payload: { email, password: pass },
    });

  it("limits failures per account, from any IP, with 429 TOO_MANY_REQUESTS; unknown accounts alike", async () => {
    for (let i = 0; i < 3; i++)
      expect((await signIn("target@example.com", "wrong", `10.1.0.${i}`)).statusCode).toBe(401);
    const limited = await signIn("target@example.com", password, "10.1.0.99");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("TOO_MANY_REQUESTS");
    expect(limited.headers["retry-after"]).toBe("60");
    for (let i = 0; i < 3; i++) await signIn("ghost@example.com", "wrong", `10.2.0.${i}`);
    expect((await signIn("ghost@example.com", "wrong", "10.2.0.99")).json()).toEqual(limited.json());
  });

  it("limits attempts per IP", async () => {
    for (let i = 0; i < 8; i++) await signIn(`someone${i}@example.com`, "wrong", "10.3.0.1");
    expect((await signIn("other@example.com", "wrong", "10.3.0.1")).statusCode).toBe(429);
    expect((await signIn("other@example.com", "wrong", "10.3.0.2")).statusCode).toBe(401);
  });

  it("does not count successful sign-ins as failures", async () => {
    await send(t.app, "POST", "/api/auth/sign-up/email", { body: { email: "often@example.com", password, name: "O" } });
    for (let i = 0; i < 5; i++)
      expect((await signIn("often@example.com", password, `10.5.0.${i}`)).statusCode).toBe(200);
    expect(await countRows(t, "account:often@example.com", true)).toBe(0);
  });

  it("limits wrong two-factor codes per account, whatever the number of challenges", async () => {
    const key = await userWithTwoFactor(t, "tf@example.com");
    const challenge = async (i: number) =>
      (await signIn("tf@example.com", password, `10.6.0.${i}`)).json().data.challenge as string;
    const second = async (i: number, code: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/two-factor",
        payload: { challenge: await challenge(i), code },
      });
    for (let i = 0; i < 3; i++) expect((await second(i, wrongCode(key))).statusCode).toBe(401);
    const limited = await second(3, totpCode(key));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBe("60");
  });

  it("rehashes a password stored with old parameters at the next sign-in", async () => {
    await sql`delete from auth_login_attempts`.execute(t.db);
    const oldHash = await (await import("./password-hasher.js")).createPasswordHasher(TEST_HASHING).hash(password);
    await sql`update auth_users set password_hash = ${oldHash} where email = 'target@example.com'`.execute(t.db);
    expect((await signIn("target@example.com", password, "10.4.0.1")).statusCode).toBe(200);
    const row = (
      await sql<{
        passwordHash: string;
      }>`select password_hash from auth_users where email = 'target@example.com'`.execute(t.db)
    ).rows[0];
    expect(row?.passwordHash).toMatch(/m=2048,t=1,p=1/);
  });
});

// Regression: the limits were checked, then the password verified, then the attempt recorded, so 60
// concurrent sign-ins were all evaluated before any was counted.
describe.runIf(isPostgresTestRun())("sign-in limits under concurrency (PostgreSQL)", () => {
  const MAX_FAILURES = 10;
  let t: AuthTestApp;
  beforeAll(async () => {
    // The default limits: 30 attempts per IP, 10 failures per account, 15 minutes.
    t = await createAuthTestApp({ auth: { twoFactor: { enabled: true } }, plugin: { signInRateLimit: {} } });
  });
  afterAll(() => t.close());

  const statuses = (responses: { statusCode: number }[]) => {
    const count = (status: number) => responses.filter((response) => response.statusCode === status).length;
    return {
      ok: count(200),
      wrong: count(401),
      limited: count(429),
      other: responses.length - count(200) - count(401) - count(429),
    };
  };

  it("checks at most the limit of 60 concurrent passwords for one account (59 wrong, 1 right), from 60 IPs", async () => {
    await send(t.app, "POST", "/api/auth/sign-up/email", { body: { email: "race@example.com", password, name: "R" } });
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          remoteAddress: `10.20.${i}.1`,
          payload: { email: "race@example.com", password: i === 30 ? password : `wrong ${i}` },
        }),
      ),
    );
    const seen = statuses(responses);
    expect(seen.other).toBe(0);
    // Each 401 or 200 is a password that was checked; a 429 was refused before the check.
    expect(seen.wrong).toBeLessThanOrEqual(MAX_FAILURES);
    expect(seen.ok + seen.wrong).toBeLessThanOrEqual(MAX_FAILURES + 1);
    expect(seen.limited).toBe(60 - seen.ok - seen.wrong);
    expect(await countRows(t, "account:race@example.com")).toBe(seen.ok + seen.wrong);
    expect(await countRows(t, "account:race@example.com", true)).toBeLessThanOrEqual(MAX_FAILURES);
  });

  it("checks at most the limit of 60 concurrent wrong passwords for one account from one IP", async () => {
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          remoteAddress: "10.21.0.1",
          payload: { email: "race-2@example.com", password: `wrong ${i}` },
        }),
      ),
    );
    const seen = statuses(responses);
    expect(seen.other + seen.ok).toBe(0);
    expect(seen.wrong).toBeLessThanOrEqual(MAX_FAILURES);
    expect(seen.limited).toBe(60 - seen.wrong);
    expect(await countRows(t, "account:race-2@example.com")).toBe(seen.wrong);
  });

  it("checks at most the limit of 60 concurrent two-factor codes for one account, each on its own challenge", async () => {
    const key = await userWithTwoFactor(t, "race-tf@example.com");
    const challenges: string[] = [];
    for (let i = 0; i < 60; i++) {
      const answer = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        remoteAddress: `10.22.${i}.1`,
        payload: { email: "race-tf@example.com", password },
      });
      challenges.push(answer.json().data.challenge as string);
    }
    const code = wrongCode(key);
    const responses = await Promise.all(
      challenges.map((challenge) =>
        t.app.inject({ method: "POST", url: "/api/auth/sign-in/two-factor", payload: { challenge, code } }),
      ),
    );
    const seen = statuses(responses);
    expect(seen.other + seen.ok).toBe(0);
    expect(seen.wrong).toBeLessThanOrEqual(MAX_FAILURES);
    expect(seen.limited).toBe(60 - seen.wrong);
  });
});
