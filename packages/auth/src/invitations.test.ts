import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthConfig } from "@unified-commerce/core";
import {
  apiKey,
  bearer,
  createAuthTestApp,
  mailTo,
  send,
  staffSession,
  testScopes,
  tokenOfMail,
  type AuthTestApp,
} from "./auth-test-helpers.js";

const roles: NonNullable<AuthConfig["roles"]> = {
  owner: { permissions: ["*:*"] },
  admin: { permissions: ["catalog:*", "inventory:*", "orders:*", "audit:read", "api-keys:manage", "members:manage"] },
  staff: { permissions: ["catalog:read", "catalog:read:unpublished", "inventory:read", "orders:read"] },
  customer: { permissions: ["catalog:read", "orders:read:own"] },
};
const MEMBERS = "/api/auth/organization/members";
const INVITATIONS = "/api/auth/organization/invitations";
const ACCEPT = `${INVITATIONS}/accept`;
const password = "correct horse battery";
const KIND = "organization-invitation";

/**
 * Security issue 31, item 11: `POST /organization/members` found users server-wide by e-mail, so any
 * store's admin learned who had an account on the server (404 USER_NOT_FOUND or 201) and added them
 * without their consent. It now invites; the invitee accepts.
 */
describe("organization invitations", () => {
  let t: AuthTestApp;
  let owner: string;
  let adminB: string;

  const signIn = async (email: string) =>
    (await send(t.app, "POST", "/api/auth/sign-in/email", { body: { email, password } })).body.data.token as string;
  const signUp = async (email: string) =>
    (await send(t.app, "POST", "/api/auth/sign-up/email", { body: { email, password, name: email.split("@")[0] } }))
      .body.data.token as string;
  const invite = (headers: Record<string, string>, email: string, role = "staff") =>
    send(t.app, "POST", MEMBERS, { headers, body: { email, role } });
  const accept = (token: string, session: string) =>
    send(t.app, "POST", ACCEPT, { headers: bearer(session), body: { token } });
  const roleOf = async (email: string, organizationId = "default") => {
    const user = await t.kernel.services.auth.users.findByEmail(email);
    return user ? t.kernel.services.auth.users.roleIn(user.id, organizationId) : null;
  };
  /** The mailed token of invitation `id` (a token starts with its invitation's id). */
  const tokenFor = async (id: string) => {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const token = t.mails.map(tokenOfMail).find((candidate) => candidate.startsWith(`${id}.`));
      if (token) return token;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no mail for invitation ${id}`);
  };
  const invitationRows = async () =>
    JSON.stringify(
      (
        await sql`select id, organization_id, email, role, accepted_at, revoked_at from auth_invitations order by id`.execute(
          t.db,
        )
      ).rows,
    );

  beforeAll(async () => {
    t = await createAuthTestApp({ auth: { roles, apiKeyScopes: testScopes } });
    await t.kernel.services.organizations.create({ id: "store-b", name: "Store B" });
    owner = await staffSession(t, { email: "owner@example.com", role: "owner" });
    adminB = await staffSession(t, { email: "admin-b@example.com", role: "admin", organizationId: "store-b" });
    await t.kernel.services.auth.createUser({
      email: "has-account@example.com",
      password,
      role: "customer",
      organizationId: "store-b",
    });
  });
  afterAll(() => t.close());

  it("answers the same for an address with an account and one without, and adds nobody until they accept", async () => {
    const known = await invite(bearer(owner), "Has-Account@example.com");
    const unknown = await invite(bearer(owner), "no-account@example.com");
    expect([known.status, unknown.status]).toEqual([201, 201]);
    const shape = (body: { data: Record<string, unknown> }) => ({
      ...body.data,
      id: "…",
      email: "…",
      createdAt: "…",
      expiresAt: "…",
    });
    expect(shape(known.body)).toEqual(shape(unknown.body));
    expect(Object.keys(known.body.data).sort()).toEqual([
      "createdAt",
      "email",
      "expiresAt",
      "id",
      "invitedBy",
      "role",
      "status",
    ]);
    expect(known.body.data).toMatchObject({ email: "has-account@example.com", role: "staff", status: "pending" });
    expect(await roleOf("has-account@example.com")).toBeNull();
    // Both addresses get a mail; the inviter never sees the token, and only its hash is stored.
    const mails = [await mailTo(t, "has-account@example.com", KIND), await mailTo(t, "no-account@example.com", KIND)];
    const tokens = mails.map(tokenOfMail);
    expect(tokens.every((token) => /^[a-z2-7]{16}\.[a-z2-7]{32}$/.test(token))).toBe(true);
    const secrets = tokens.map((token) => token.split(".")[1] as string);
    const dump = JSON.stringify([
      known.body,
      unknown.body,
      (await sql`select * from auth_invitations`.execute(t.db)).rows,
    ]);
    for (const secret of secrets) expect(dump).not.toContain(secret);
  });

  it("lets the invitee signed in with the address accept once, and only them", async () => {
    const invited = await invite(bearer(owner), "joiner@example.com");
    await t.kernel.services.auth.createUser({
      email: "joiner@example.com",
      password,
      role: "customer",
      organizationId: "store-b",
    });
    await t.kernel.services.auth.createUser({
      email: "intruder@example.com",
      password,
      role: "customer",
      organizationId: "store-b",
    });
    const token = tokenOfMail(await mailTo(t, "joiner@example.com", KIND));
    const before = await invitationRows();

    // Someone else holding the link, a tampered token, anonymous callers and API keys: refused, nothing changes.
    const intruder = await accept(token, await signIn("intruder@example.com"));
    expect([intruder.status, intruder.body.error.code, intruder.body.error.issues[0].path]).toEqual([
      422,
      "VALIDATION_FAILED",
      "body.token",
    ]);
    const [id] = token.split(".");
    expect((await accept(`${id}.${"a".repeat(32)}`, await signIn("joiner@example.com"))).status).toBe(422);
    expect((await send(t.app, "POST", ACCEPT, { body: { token } })).status).toBe(401);
    const key = (await t.kernel.services.apiKeys.create({ organizationId: "store-b", scope: "admin" })).key;
    expect((await send(t.app, "POST", ACCEPT, { headers: apiKey(key), body: { token } })).status).toBe(403);
    expect(await invitationRows()).toBe(before);
    expect(await roleOf("intruder@example.com")).toBeNull();

    const joiner = await signIn("joiner@example.com");
    const accepted = await accept(token, joiner);
    expect([accepted.status, accepted.body.data]).toEqual([200, { organizationId: "default", role: "staff" }]);
    expect(await roleOf("joiner@example.com")).toBe("staff");
    expect(await roleOf("joiner@example.com", "store-b")).toBe("customer");
    expect((await accept(token, joiner)).status).toBe(422);
    const listed = await send(t.app, "GET", INVITATIONS, { headers: bearer(owner) });
    expect(listed.body.data.find((row: { id: string }) => row.id === invited.body.data.id)).toMatchObject({
      status: "accepted",
    });
  });

  it("lets someone without an account sign up with the invited address, then accept (a customer of the store takes the invited role)", async () => {
    await invite(bearer(owner), "newbie@example.com");
    const token = tokenOfMail(await mailTo(t, "newbie@example.com", KIND));
    const session = await signUp("newbie@example.com");
    expect(await roleOf("newbie@example.com")).toBe("customer");
    expect((await accept(token, session)).body.data).toEqual({ organizationId: "default", role: "staff" });
    expect(await roleOf("newbie@example.com")).toBe("staff");
  });

  it("keeps organizations apart: B's admin neither lists nor revokes A's invitations, and A's token makes nobody a member of B", async () => {
    const invited = await invite(bearer(owner), "target@example.com");
    const listB = await send(t.app, "GET", INVITATIONS, { headers: bearer(adminB) });
    expect(listB.status).toBe(200);
    expect(listB.body.data.map((row: { email: string }) => row.email)).not.toContain("target@example.com");
    const revoke = await send(t.app, "DELETE", `${INVITATIONS}/${invited.body.data.id}`, { headers: bearer(adminB) });
    expect([revoke.status, revoke.body.error.details.reason]).toEqual([404, "INVITATION_NOT_FOUND"]);
    // B's admin may invite the same address to B; each invitation joins its own organization only.
    expect((await invite(bearer(adminB), "target@example.com", "customer")).status).toBe(201);
    const session = await signUp("target@example.com");
    expect((await accept(await tokenFor(invited.body.data.id), session)).body.data).toEqual({
      organizationId: "default",
      role: "staff",
    });
    expect(await roleOf("target@example.com", "store-b")).toBeNull();
  });

  it("revokes: a revoked or replaced invitation's link stops working; the list shows it; staff cannot manage invitations", async () => {
    const first = await invite(bearer(owner), "revoked@example.com");
    const firstToken = tokenOfMail(await mailTo(t, "revoked@example.com", KIND));
    const second = await invite(bearer(owner), "revoked@example.com", "customer");
    await t.kernel.services.auth.createUser({
      email: "revoked@example.com",
      password,
      role: "customer",
      organizationId: "store-b",
    });
    const session = await signIn("revoked@example.com");
    expect((await accept(firstToken, session)).status).toBe(422);
    expect(
      (await send(t.app, "DELETE", `${INVITATIONS}/${second.body.data.id}`, { headers: bearer(owner) })).status,
    ).toBe(200);
    const secondToken = await tokenFor(second.body.data.id);
    expect((await accept(secondToken, session)).status).toBe(422);
    expect(await roleOf("revoked@example.com")).toBeNull();
    const listed = (await send(t.app, "GET", INVITATIONS, { headers: bearer(owner) })).body.data as Array<{
      id: string;
      status: string;
    }>;
    expect(
      listed
        .filter((row) => [first.body.data.id, second.body.data.id].includes(row.id))
        .map((row) => row.status)
        .sort(),
    ).toEqual(["revoked", "revoked"]);
    expect(
      (await send(t.app, "DELETE", `${INVITATIONS}/${second.body.data.id}`, { headers: bearer(owner) })).status,
    ).toBe(404);

    const staff = await staffSession(t, { email: "staff@example.com", role: "staff" });
    expect((await invite(bearer(staff), "anyone@example.com")).status).toBe(403);
    expect((await send(t.app, "GET", INVITATIONS, { headers: bearer(staff) })).status).toBe(403);
  });

  it("refuses an expired invitation", async () => {
    const invited = await invite(bearer(owner), "late@example.com");
    const token = tokenOfMail(await mailTo(t, "late@example.com", KIND));
    await sql`update auth_invitations set expires_at = now() - interval '1 minute' where id = ${invited.body.data.id}`.execute(
      t.db,
    );
    expect((await accept(token, await signUp("late@example.com"))).status).toBe(422);
    expect(await roleOf("late@example.com")).toBe("customer");
  });

  it("refuses a role beyond the inviter's and a current member (409) before writing anything; audits invitations", async () => {
    const admin = await staffSession(t, { email: "admin@example.com", role: "admin" });
    const before = await invitationRows();
    const beyond = await invite(bearer(admin), "someone@example.com", "owner");
    expect([beyond.status, beyond.body.error.details.reason]).toEqual([403, "ROLE_EXCEEDS_YOUR_PERMISSIONS"]);
    expect((await invite(bearer(admin), "someone@example.com", "superuser")).status).toBe(422);
    const member = await invite(bearer(admin), "owner@example.com", "staff");
    expect([member.status, member.body.error.details.reason]).toEqual([409, "ALREADY_MEMBER"]);
    expect(await invitationRows()).toBe(before);

    const invited = await invite(bearer(admin), "audited@example.com");
    const audit = await send(t.app, "GET", `/api/audit/invitation/${invited.body.data.id}`, { headers: bearer(owner) });
    expect(audit.body.data.map((entry: { event: string }) => entry.event)).toEqual(["invitations.create"]);
  });
});
