import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthTestApp, send, TEST_HASHING, type AuthTestApp } from "./auth-test-helpers.js";

const password = "correct horse battery";

describe("sign-in rate limits and rehashing", () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp({ plugin: { signInRateLimit: { windowSeconds: 60, maxPerIp: 8, maxFailuresPerAccount: 3 }, passwordHashing: { ...TEST_HASHING, memoryCost: 2048 } } });
    await send(t.app, "POST", "/api/auth/sign-up/email", { body: { email: "target@example.com", password, name: "T" } });
  });
  afterAll(() => t.close());

  const signIn = (email: string, pass: string, ip = "10.0.0.1") =>
    t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", remoteAddress: ip, payload: { email, password: pass } });

  it("limits failures per account, from any IP, with 429 TOO_MANY_REQUESTS; unknown accounts alike", async () => {
    for (let i = 0; i < 3; i++) expect((await signIn("target@example.com", "wrong", `10.1.0.${i}`)).statusCode).toBe(401);
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

  it("rehashes a password stored with old parameters at the next sign-in", async () => {
    await sql`delete from auth_login_attempts`.execute(t.db);
    const oldHash = await (await import("./password-hasher.js")).createPasswordHasher(TEST_HASHING).hash(password);
    await sql`update auth_users set password_hash = ${oldHash} where email = 'target@example.com'`.execute(t.db);
    expect((await signIn("target@example.com", password, "10.4.0.1")).statusCode).toBe(200);
    const row = (await sql<{ passwordHash: string }>`select password_hash from auth_users where email = 'target@example.com'`.execute(t.db)).rows[0];
    expect(row?.passwordHash).toMatch(/m=2048,t=1,p=1/);
  });
});
