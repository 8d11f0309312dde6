import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiKey,
  bearer,
  createAuthTestApp,
  send,
  staffSession,
  totpCode as code,
  totpKey,
  type AuthTestApp,
} from "./auth-test-helpers.js";

const password = "correct horse battery";

describe("two-factor", () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp({
      auth: { twoFactor: { enabled: true, requiredForRoles: ["owner", "admin"], issuer: "Test Shop" } },
    });
  });
  afterAll(() => t.close());

  it("requires it of admins on every API route except the enrolment routes, not of API keys or other roles", async () => {
    const admin = await staffSession(t, { email: "admin@example.com", role: "admin" });
    const blocked = await send(t.app, "GET", "/api/catalog/entities", { headers: bearer(admin) });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe("TWO_FACTOR_REQUIRED");
    expect(
      (
        await send(t.app, "POST", "/api/inventory/warehouses", {
          headers: bearer(admin),
          body: { name: "x", code: "x" },
        })
      ).body.error.code,
    ).toBe("TWO_FACTOR_REQUIRED");
    expect((await send(t.app, "GET", "/api/auth/get-session", { headers: bearer(admin) })).status).toBe(200);
    expect((await send(t.app, "GET", "/api/auth/sessions", { headers: bearer(admin) })).status).toBe(200);

    const { key } = await t.kernel.services.apiKeys.create({ organizationId: "default", scope: "admin" });
    expect((await send(t.app, "GET", "/api/catalog/entities", { headers: apiKey(key) })).status).toBe(200);
    const staff = await staffSession(t, { email: "staff@example.com", role: "staff" });
    expect((await send(t.app, "GET", "/api/catalog/entities", { headers: bearer(staff) })).status).toBe(200);
  });

  // Regression: `/api/auth/*` was exempt, so an owner who had not enrolled could mint an admin API key
  // (keys are exempt from the requirement) and manage members, then act through the key.
  it("lets a pending owner only enrol, read their session, list and end sessions, and sign out", async () => {
    const owner = await staffSession(t, { email: "pending-owner@example.com", role: "owner" });
    await staffSession(t, { email: "member@example.com", role: "staff" });
    const member = await t.kernel.services.auth.users.findByEmail("member@example.com");
    const keysBefore = (await t.kernel.services.apiKeys.list("default")).length;
    const refused = [
      await send(t.app, "POST", "/api/auth/api-keys", { headers: bearer(owner), body: { scope: "admin" } }),
      await send(t.app, "GET", "/api/auth/api-keys", { headers: bearer(owner) }),
      await send(t.app, "GET", "/api/auth/organization/members", { headers: bearer(owner) }),
      await send(t.app, "POST", "/api/auth/organization/members", {
        headers: bearer(owner),
        body: { email: "enrol@example.com", role: "admin" },
      }),
      await send(t.app, "PATCH", `/api/auth/organization/members/${member?.id}`, {
        headers: bearer(owner),
        body: { role: "owner" },
      }),
      await send(t.app, "DELETE", `/api/auth/organization/members/${member?.id}`, { headers: bearer(owner) }),
      await send(t.app, "POST", "/api/auth/change-password", {
        headers: bearer(owner),
        body: { currentPassword: password, newPassword: "another long password" },
      }),
      await send(t.app, "POST", "/api/auth/organization/set-active", {
        headers: bearer(owner),
        body: { organizationId: "default" },
      }),
      await send(t.app, "GET", "/api/auth/no-such-route", { headers: bearer(owner) }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe("TWO_FACTOR_REQUIRED");
    }
    // Nothing was written: no key, the member's role unchanged, the password unchanged.
    expect(await t.kernel.services.apiKeys.list("default")).toHaveLength(keysBefore);
    expect(await t.kernel.services.auth.users.roleIn(member?.id ?? "", "default")).toBe("staff");
    expect(
      (await send(t.app, "POST", "/api/auth/sign-in/email", { body: { email: "pending-owner@example.com", password } }))
        .status,
    ).toBe(200);

    const session = await send(t.app, "GET", "/api/auth/get-session", { headers: bearer(owner) });
    expect(session.status).toBe(200);
    const sessions = await send(t.app, "GET", "/api/auth/sessions", { headers: bearer(owner) });
    expect(sessions.status).toBe(200);
    const other = sessions.body.data.find((s: { isCurrent: boolean }) => !s.isCurrent);
    expect((await send(t.app, "DELETE", `/api/auth/sessions/${other.id}`, { headers: bearer(owner) })).status).toBe(
      200,
    );

    const enabled = await send(t.app, "POST", "/api/auth/two-factor/enable", {
      headers: bearer(owner),
      body: { password },
    });
    expect(enabled.status).toBe(200);
    expect(
      (
        await send(t.app, "POST", "/api/auth/two-factor/verify", {
          headers: bearer(owner),
          body: { code: code(totpKey(enabled.body.data.totpURI)) },
        })
      ).status,
    ).toBe(200);
    // Enrolled: the same session may now mint keys.
    expect(
      (await send(t.app, "POST", "/api/auth/api-keys", { headers: bearer(owner), body: { scope: "admin" } })).status,
    ).toBe(201);
    expect((await send(t.app, "POST", "/api/auth/sign-out", { headers: bearer(owner) })).status).toBe(200);
    expect((await send(t.app, "GET", "/api/auth/get-session", { headers: bearer(owner) })).body.data).toBeNull();
  });

  it("lets a pending owner sign out", async () => {
    const owner = await staffSession(t, { email: "pending-owner-2@example.com", role: "owner" });
    expect((await send(t.app, "POST", "/api/auth/sign-out", { headers: bearer(owner) })).status).toBe(200);
    expect((await send(t.app, "GET", "/api/auth/get-session", { headers: bearer(owner) })).body.data).toBeNull();
  });

  it("enrols with an otpauth URI, turns on with a first code, then gates sign-in on single-use codes", async () => {
    const admin = await staffSession(t, { email: "enrol@example.com", role: "admin" });
    expect(
      (
        await send(t.app, "POST", "/api/auth/two-factor/enable", {
          headers: bearer(admin),
          body: { password: "wrong-password" },
        })
      ).status,
    ).toBe(403);
    const enabled = await send(t.app, "POST", "/api/auth/two-factor/enable", {
      headers: bearer(admin),
      body: { password },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data.totpURI).toMatch(/^otpauth:\/\/totp\/Test%20Shop:enrol%40example\.com\?/);
    expect(enabled.body.data.backupCodes).toHaveLength(10);
    const key = totpKey(enabled.body.data.totpURI);
    // Not enforced before the first code.
    expect((await send(t.app, "GET", "/api/catalog/entities", { headers: bearer(admin) })).status).toBe(403);
    expect(
      (await send(t.app, "POST", "/api/auth/two-factor/verify", { headers: bearer(admin), body: { code: "000000" } }))
        .status,
    ).toBe(401);
    const first = code(key);
    expect(
      (await send(t.app, "POST", "/api/auth/two-factor/verify", { headers: bearer(admin), body: { code: first } }))
        .status,
    ).toBe(200);
    expect((await send(t.app, "GET", "/api/catalog/entities", { headers: bearer(admin) })).status).toBe(200);

    const signIn = () =>
      send(t.app, "POST", "/api/auth/sign-in/email", { body: { email: "enrol@example.com", password } });
    const pending = await signIn();
    expect(pending.status).toBe(200);
    expect(pending.body.data).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    // The code already used to enable is refused: TOTP codes are single-use. The challenge is spent too.
    const replay = await send(t.app, "POST", "/api/auth/sign-in/two-factor", {
      body: { challenge: pending.body.data.challenge, code: first },
    });
    expect(replay.status).toBe(401);
    expect(
      (
        await send(t.app, "POST", "/api/auth/sign-in/two-factor", {
          body: { challenge: pending.body.data.challenge, code: code(key, 1) },
        })
      ).status,
    ).toBe(422);

    const next = await signIn();
    const done = await send(t.app, "POST", "/api/auth/sign-in/two-factor", {
      body: { challenge: next.body.data.challenge, code: code(key, 1) },
    });
    expect(done.status).toBe(200);
    expect(done.body.data.token).toMatch(/^[a-z2-7]{16}\.[a-z2-7]{32}$/);
    expect((await send(t.app, "GET", "/api/catalog/entities", { headers: bearer(done.body.data.token) })).status).toBe(
      200,
    );

    // A backup code works once.
    const backup: string = enabled.body.data.backupCodes[0];
    const viaBackup = await send(t.app, "POST", "/api/auth/sign-in/two-factor", {
      body: { challenge: (await signIn()).body.data.challenge, code: backup },
    });
    expect(viaBackup.status).toBe(200);
    const backupAgain = await send(t.app, "POST", "/api/auth/sign-in/two-factor", {
      body: { challenge: (await signIn()).body.data.challenge, code: backup },
    });
    expect(backupAgain.status).toBe(401);

    const regenerated = await send(t.app, "POST", "/api/auth/two-factor/backup-codes", {
      headers: bearer(admin),
      body: { password },
    });
    expect(regenerated.body.data.backupCodes).toHaveLength(10);
    expect(regenerated.body.data.backupCodes).not.toContain(enabled.body.data.backupCodes[1]);

    const disabled = await send(t.app, "POST", "/api/auth/two-factor/disable", {
      headers: bearer(admin),
      body: { password },
    });
    expect(disabled.status).toBe(200);
    expect((await signIn()).body.data.token).toBeDefined();
    expect((await send(t.app, "GET", "/api/catalog/entities", { headers: bearer(admin) })).body.error.code).toBe(
      "TWO_FACTOR_REQUIRED",
    );
  });
});

describe("two-factor configuration", () => {
  it("fails boot when requiredForRoles is set while two-factor is disabled", async () => {
    await expect(createAuthTestApp({ auth: { twoFactor: { requiredForRoles: ["admin"] } } })).rejects.toThrow(
      /two-factor is disabled/,
    );
    await expect(
      createAuthTestApp({ auth: { twoFactor: { enabled: false, requiredForRoles: ["admin"] } } }),
    ).rejects.toThrow(/two-factor is disabled/);
  });

  it("fails boot when the removed enableDevKey or devKey is configured", async () => {
    await expect(createAuthTestApp({ auth: { enableDevKey: true } })).rejects.toThrow(/enableDevKey was removed/);
    await expect(createAuthTestApp({ auth: { devKey: "dev" } })).rejects.toThrow(/devKey was removed/);
  });

  it("answers 404 on the enrolment routes when two-factor is off", async () => {
    const t = await createAuthTestApp();
    try {
      const token = await staffSession(t, { email: "off@example.com", role: "admin" });
      expect(
        (await send(t.app, "POST", "/api/auth/two-factor/enable", { headers: bearer(token), body: { password } }))
          .status,
      ).toBe(404);
    } finally {
      await t.close();
    }
  });
});
