import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createAuthTestApp, send, type AuthTestApp } from "./auth-test-helpers.js";

const password = "correct horse battery";
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("password reset", () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp();
    await send(t.app, "POST", "/api/auth/sign-up/email", { body: { email: "reset@example.com", password, name: "R" } });
  });
  afterAll(() => t.close());

  const tokenOf = (url: string | undefined) => new URL(url ?? "").searchParams.get("token") ?? "";

  it("answers the same for known and unknown addresses, and mails only the known one", async () => {
    const known = await send(t.app, "POST", "/api/auth/request-password-reset", {
      body: { email: "reset@example.com" },
    });
    const unknown = await send(t.app, "POST", "/api/auth/request-password-reset", {
      body: { email: "nobody@example.com" },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    await settle();
    expect(t.mails.filter((mail) => mail.kind === "reset-password").map((mail) => mail.to)).toEqual([
      "reset@example.com",
    ]);
  });

  it("sets the new password with the mailed token, once, and ends every session", async () => {
    const session: string = (
      await send(t.app, "POST", "/api/auth/sign-in/email", { body: { email: "reset@example.com", password } })
    ).body.data.token;
    const token = tokenOf(t.mails.find((mail) => mail.kind === "reset-password")?.url);
    const reset = await send(t.app, "POST", "/api/auth/reset-password", {
      body: { token, newPassword: "brand new password" },
    });
    expect(reset.status).toBe(200);
    expect((await send(t.app, "GET", "/api/auth/get-session", { headers: bearer(session) })).body.data).toBeNull();
    expect(
      (await send(t.app, "POST", "/api/auth/reset-password", { body: { token, newPassword: "another password" } }))
        .status,
    ).toBe(422);
    expect(
      (
        await send(t.app, "POST", "/api/auth/sign-in/email", {
          body: { email: "reset@example.com", password: "brand new password" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await send(t.app, "POST", "/api/auth/reset-password", {
          body: { token: "forged.token", newPassword: "another password" },
        })
      ).status,
    ).toBe(422);
  });
});

describe("e-mail verification", () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp({ auth: { requireEmailVerification: true } });
  });
  afterAll(() => t.close());

  const signUp = (email: string) =>
    send(t.app, "POST", "/api/auth/sign-up/email", { body: { email, password, name: "V" } });
  const signIn = (email: string) => send(t.app, "POST", "/api/auth/sign-in/email", { body: { email, password } });

  it("opens no session before the address is verified, and answers a taken address like a new one", async () => {
    const first = await signUp("verify@example.com");
    const again = await signUp("verify@example.com");
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { verificationRequired: true } });
    expect(again.body).toEqual(first.body);
    expect(first.headers["set-cookie"]).toBeUndefined();
    const refused = await signIn("verify@example.com");
    expect(refused.status).toBe(403);
    expect(refused.body.error.details.reason).toBe("EMAIL_NOT_VERIFIED");
    await settle();
    // Both mails are sent in the background, so their order is not part of the contract.
    expect(t.mails.map((mail) => mail.kind).sort()).toEqual(["sign-up-attempt", "verify-email"]);
  });

  it("verifies with the mailed token, then signs in", async () => {
    const url = t.mails.find((mail) => mail.kind === "verify-email")?.url ?? "";
    const token = new URL(url).searchParams.get("token") ?? "";
    expect((await send(t.app, "POST", "/api/auth/verify-email", { body: { token } })).status).toBe(200);
    expect((await send(t.app, "POST", "/api/auth/verify-email", { body: { token } })).status).toBe(422);
    const signedIn = await signIn("verify@example.com");
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.emailVerified).toBe(true);
  });

  it("resends verification mail without telling whether the address exists", async () => {
    await signUp("late@example.com");
    const known = await send(t.app, "POST", "/api/auth/send-verification-email", {
      body: { email: "late@example.com" },
    });
    const unknown = await send(t.app, "POST", "/api/auth/send-verification-email", {
      body: { email: "ghost@example.com" },
    });
    expect(known.body).toEqual(unknown.body);
    await settle();
    expect(t.mails.filter((mail) => mail.to === "late@example.com" && mail.kind === "verify-email")).toHaveLength(2);
  });
});
