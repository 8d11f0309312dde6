import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAuthTestApp, staffSession, type AuthTestApp } from "./auth-test-helpers.js";

const password = "correct horse battery";

// Regression: sign-up, reset and verification mails were limited only by the global per-IP request limit,
// so anyone could have the server mail one address (or many) hundreds of times an hour.
describe("mail limits per address and per IP", () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp({ plugin: { emailRateLimit: { windowSeconds: 600, maxPerAddress: 2, maxPerIp: 4 } } });
  });
  afterAll(() => t.close());

  const post = (url: string, body: unknown, ip: string) =>
    t.app.inject({ method: "POST", url, remoteAddress: ip, payload: body as object });
  const mailsTo = (to: string, kind: string) => t.mails.filter((mail) => mail.to === to && mail.kind === kind).length;

  it("sends at most the per-address limit of reset mails, answering every request the same, for known and unknown addresses", async () => {
    await staffSession(t, { email: "reset@example.com", role: "customer" });
    const known = await Promise.all(
      [1, 2, 3].map((i) => post("/api/auth/request-password-reset", { email: "reset@example.com" }, `10.0.1.${i}`)),
    );
    const unknown = await Promise.all(
      [1, 2, 3].map((i) => post("/api/auth/request-password-reset", { email: "nobody@example.com" }, `10.0.2.${i}`)),
    );
    for (const response of [...known, ...unknown]) {
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ success: true });
    }
    // A refused request schedules no mail, so once the allowed ones arrived, no more can.
    await vi.waitFor(() => expect(mailsTo("reset@example.com", "reset-password")).toBe(2));
    expect(mailsTo("reset@example.com", "reset-password")).toBe(2);
  });

  it("sends at most the per-IP limit of mails from one client, whatever the addresses", async () => {
    const addresses = Array.from({ length: 6 }, (_, i) => `many-${i}@example.com`);
    for (const email of addresses) await staffSession(t, { email, role: "customer" });
    for (const email of addresses)
      expect((await post("/api/auth/request-password-reset", { email }, "10.0.3.1")).statusCode).toBe(200);
    await vi.waitFor(() => expect(addresses.reduce((sum, email) => sum + mailsTo(email, "reset-password"), 0)).toBe(4));
    expect(addresses.slice(4).map((email) => mailsTo(email, "reset-password"))).toEqual([0, 0]);
  });

  it("sends at most the per-address limit of verification mails", async () => {
    expect(
      (await post("/api/auth/sign-up/email", { email: "verify-0@example.com", password, name: "V" }, "10.0.4.1"))
        .statusCode,
    ).toBe(200);
    // verify-0 used one request of its budget signing up.
    for (let i = 1; i <= 3; i++)
      expect(
        (await post("/api/auth/send-verification-email", { email: "verify-0@example.com" }, `10.0.5.${i}`)).statusCode,
      ).toBe(200);
    await vi.waitFor(() => expect(mailsTo("verify-0@example.com", "verify-email")).toBe(1));
    expect(mailsTo("verify-0@example.com", "verify-email")).toBe(1);
  });

  it("answers sign-up with 429 beyond the per-address and per-IP limits, creating nothing", async () => {
    const body = { email: "twice@example.com", password, name: "T" };
    expect((await post("/api/auth/sign-up/email", body, "10.0.6.1")).statusCode).toBe(200);
    expect((await post("/api/auth/sign-up/email", body, "10.0.6.2")).statusCode).toBe(409);
    const limited = await post("/api/auth/sign-up/email", body, "10.0.6.3");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("TOO_MANY_REQUESTS");
    expect(limited.headers["retry-after"]).toBe("600");

    for (let i = 0; i < 4; i++)
      expect(
        (await post("/api/auth/sign-up/email", { email: `ip-${i}@example.com`, password, name: "I" }, "10.0.7.1"))
          .statusCode,
      ).toBe(200);
    expect(
      (await post("/api/auth/sign-up/email", { email: "ip-4@example.com", password, name: "I" }, "10.0.7.1"))
        .statusCode,
    ).toBe(429);
    expect(await t.kernel.services.auth.users.findByEmail("ip-4@example.com")).toBeUndefined();
    expect(
      (await post("/api/auth/sign-up/email", { email: "ip-4@example.com", password, name: "I" }, "10.0.7.2"))
        .statusCode,
    ).toBe(200);
  });
});
