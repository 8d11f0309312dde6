import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthConfig } from "@unified-commerce/core";
import {
  apiKey,
  bearer,
  createAuthTestApp,
  send,
  staffSession,
  testScopes,
  type AuthTestApp,
} from "./auth-test-helpers.js";

/** Only `owner` grants `*:*`; `admin` manages members and keys; `staff` reads orders; `customer` reads the catalog. */
const roles: NonNullable<AuthConfig["roles"]> = {
  owner: { permissions: ["*:*"] },
  admin: { permissions: ["catalog:*", "inventory:*", "orders:*", "audit:read", "api-keys:manage", "members:manage"] },
  staff: { permissions: ["catalog:read", "inventory:read", "orders:read"] },
  customer: { permissions: ["catalog:read", "orders:read:own"] },
};
const MEMBERS = "/api/auth/organization/members";
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/**
 * Security issue 31, item 7: removing, demoting or deleting a person, or resetting their password, left
 * the API keys minted for them (by themselves or by a plugin) working. The cache is off here
 * (`credentialCacheSeconds: 0`, the documented way to see another process's change at once), so changes
 * made directly in the database apply to the next request too.
 */
describe("API keys follow their member", () => {
  let t: AuthTestApp;
  let owner: string;

  const userId = async (email: string) => (await t.kernel.services.auth.users.findByEmail(email))?.id as string;
  /**
   * Signs in a new member of `role` with a key of `scope` bound to them: minted by themselves over HTTP
   * when the role may (`api-keys:manage`), else as `uc api-key create --user` does.
   */
  const memberWithKey = async (email: string, role: string, scope: string) => {
    const session = await staffSession(t, { email, role });
    const id = await userId(email);
    if (role !== "admin") {
      const created = await t.kernel.services.apiKeys.create({ organizationId: "default", scope, userId: id });
      return { session, key: created.key, id: created.id, userId: id };
    }
    const created = await send(t.app, "POST", "/api/auth/api-keys", { headers: bearer(session), body: { scope } });
    expect(created.status).toBe(201);
    return { session, key: created.body.data.key as string, id: created.body.data.id as string, userId: id };
  };
  const reads = async (key: string, path = "/api/catalog/entities") =>
    (await send(t.app, "GET", path, { headers: apiKey(key) })).status;
  const auditOf = async (keyId: string) =>
    (await send(t.app, "GET", `/api/audit/apiKey/${keyId}`, { headers: bearer(owner) })).body.data as Array<{
      event: string;
      actorId: string | null;
      changes: Record<string, unknown>;
    }>;

  beforeAll(async () => {
    t = await createAuthTestApp({ auth: { roles, apiKeyScopes: testScopes }, plugin: { credentialCacheSeconds: 0 } });
    await t.kernel.services.organizations.create({ id: "store-b", name: "store-b" });
    owner = await staffSession(t, { email: "owner@example.com", role: "owner" });
  });
  afterAll(() => t.close());

  it("writes an audit entry naming the minter when a key is minted and when it is revoked, never its secret", async () => {
    const admin = await memberWithKey("auditor@example.com", "admin", "storefront");
    const revoked = await send(t.app, "DELETE", `/api/auth/api-keys/${admin.id}`, { headers: bearer(owner) });
    expect(revoked.status).toBe(200);
    const entries = await auditOf(admin.id);
    expect(entries.map((entry) => entry.event)).toEqual(["api-keys.revoke", "api-keys.create"]);
    const ownerId = await userId("owner@example.com");
    expect(entries.map((entry) => entry.actorId)).toEqual([ownerId, admin.userId]);
    expect(entries[1]?.changes).toMatchObject({ scope: "storefront", prefix: "uc_sf_", userId: admin.userId });
    expect(JSON.stringify(entries)).not.toContain(admin.key.split("_").at(-1));
    // A refused mint writes neither a key nor an entry.
    const before = (await sql`select count(*)::int as n from audit_entries`.execute(t.db)).rows;
    const refused = await send(t.app, "POST", "/api/auth/api-keys", {
      headers: bearer(admin.session),
      body: { scope: "nope" },
    });
    expect(refused.status).toBe(422);
    expect((await sql`select count(*)::int as n from audit_entries`.execute(t.db)).rows).toEqual(before);
  });

  it("refuses a removed member's key (401) and revokes it, so adding them again does not bring it back", async () => {
    const member = await memberWithKey("leaver@example.com", "admin", "storefront");
    expect(await reads(member.key)).toBe(200);
    expect((await send(t.app, "DELETE", `${MEMBERS}/${member.userId}`, { headers: bearer(owner) })).status).toBe(200);
    const refused = await send(t.app, "GET", "/api/catalog/entities", { headers: apiKey(member.key) });
    expect([refused.status, refused.body.error.code]).toEqual([401, "UNAUTHORIZED"]);
    const [revoke] = await auditOf(member.id);
    expect(revoke).toMatchObject({
      event: "api-keys.revoke",
      actorId: await userId("owner@example.com"),
      changes: { reason: "member-removed" },
    });

    await t.kernel.services.auth.users.setMembership({
      userId: member.userId,
      organizationId: "default",
      role: "admin",
    });
    expect(await reads(member.key)).toBe(401);
  });

  it("binds a key minted through a member's own key to that member, so it does not outlive them either", async () => {
    const member = await memberWithKey("chain@example.com", "owner", "admin");
    const minted = await send(t.app, "POST", "/api/auth/api-keys", {
      headers: apiKey(member.key),
      body: { scope: "storefront" },
    });
    expect([minted.status, minted.body.data.userId]).toEqual([201, member.userId]);
    expect(await reads(minted.body.data.key)).toBe(200);
    expect((await send(t.app, "DELETE", `${MEMBERS}/${member.userId}`, { headers: bearer(owner) })).status).toBe(200);
    expect(await reads(minted.body.data.key)).toBe(401);
  });

  it("refuses a demoted member's key whose scope exceeds the new role, and keeps the one the role still holds", async () => {
    const session = await staffSession(t, { email: "demoted@example.com", role: "admin" });
    const mint = async (scope: string) =>
      (await send(t.app, "POST", "/api/auth/api-keys", { headers: bearer(session), body: { scope } })).body.data
        .key as string;
    const storefront = await mint("storefront");
    const orders = await mint("orders");
    const id = await userId("demoted@example.com");
    expect(
      (await send(t.app, "PATCH", `${MEMBERS}/${id}`, { headers: bearer(owner), body: { role: "customer" } })).status,
    ).toBe(200);
    // customer lacks inventory:read (storefront) and orders:read (orders): both keys stop.
    expect(await reads(storefront)).toBe(401);
    expect(await reads(orders, "/api/orders")).toBe(401);
    // Back to staff: it holds every permission of both scopes again (demotion suspends, removal revokes).
    expect(
      (await send(t.app, "PATCH", `${MEMBERS}/${id}`, { headers: bearer(owner), body: { role: "staff" } })).status,
    ).toBe(200);
    expect(await reads(storefront)).toBe(200);
  });

  it("refuses the key of a member removed directly in the database (another process), with the cache off", async () => {
    const member = await memberWithKey("sql-removed@example.com", "staff", "storefront");
    expect(await reads(member.key)).toBe(200);
    await sql`delete from auth_memberships where user_id = ${member.userId} and organization_id = 'default'`.execute(
      t.db,
    );
    expect(await reads(member.key)).toBe(401);
  });

  it("deletes a deleted user's keys instead of leaving them bound to nobody", async () => {
    const member = await memberWithKey("deleted@example.com", "staff", "storefront");
    await sql`delete from auth_users where id = ${member.userId}`.execute(t.db);
    expect(await reads(member.key)).toBe(401);
    expect((await sql`select id from auth_api_keys where id = ${member.id}`.execute(t.db)).rows).toEqual([]);
  });

  it("revokes every key of the account, in every organization, on a password reset", async () => {
    const member = await memberWithKey("reset@example.com", "staff", "storefront");
    await t.kernel.services.auth.users.setMembership({
      userId: member.userId,
      organizationId: "store-b",
      role: "staff",
    });
    const elsewhere = await t.kernel.services.apiKeys.create({
      organizationId: "store-b",
      scope: "storefront",
      userId: member.userId,
    });
    expect(await reads(elsewhere.key)).toBe(200);
    await send(t.app, "POST", "/api/auth/request-password-reset", { body: { email: "reset@example.com" } });
    await settle();
    const token = new URL(
      t.mails.find((mail) => mail.kind === "reset-password" && mail.to === "reset@example.com")?.url ?? "",
    ).searchParams.get("token");
    expect(
      (await send(t.app, "POST", "/api/auth/reset-password", { body: { token, newPassword: "a brand new password" } }))
        .status,
    ).toBe(200);
    expect(await reads(member.key)).toBe(401);
    expect(await reads(elsewhere.key)).toBe(401);
    const rows = await sql<{
      revoked: boolean;
    }>`select revoked_at is not null as revoked from auth_api_keys where user_id = ${member.userId}`.execute(t.db);
    expect(rows.rows).toEqual([{ revoked: true }, { revoked: true }]);
    expect((await auditOf(member.id))[0]).toMatchObject({
      event: "api-keys.revoke",
      actorId: null,
      changes: { reason: "password-reset" },
    });
  });

  it("covers keys other plugins mint for a member (services.memberCredentials): audited, and refused once the member is removed", async () => {
    const credentials = t.kernel.services.memberCredentials;
    if (!credentials) throw new Error("the auth plugin offers services.memberCredentials");
    await staffSession(t, { email: "operator@example.com", role: "staff" });
    const operatorId = await userId("operator@example.com");
    const ownerId = await userId("owner@example.com");
    const ownerActor = { id: ownerId, type: "user" as const, organizationId: "default", permissions: ["*:*"] };
    const minted = await credentials.mintMemberKey({
      organizationId: "default",
      userId: operatorId,
      scope: "storefront",
      actor: ownerActor,
    });
    expect(await reads(minted.key)).toBe(200);
    expect((await auditOf(minted.id))[0]).toMatchObject({
      event: "api-keys.create",
      actorId: ownerId,
      changes: { userId: operatorId },
    });

    expect((await send(t.app, "DELETE", `${MEMBERS}/${operatorId}`, { headers: bearer(owner) })).status).toBe(200);
    expect(await reads(minted.key)).toBe(401);
  });

  it("refuses to bind a key (operator tooling) to a user whose role there does not cover its scope, writing nothing", async () => {
    await staffSession(t, { email: "shopper@example.com", role: "customer" });
    const before = (await sql`select count(*)::int as n from auth_api_keys`.execute(t.db)).rows;
    await expect(
      t.kernel.services.apiKeys.create({
        organizationId: "default",
        scope: "storefront",
        userId: await userId("shopper@example.com"),
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      t.kernel.services.apiKeys.create({
        organizationId: "store-b",
        scope: "storefront",
        userId: await userId("shopper@example.com"),
      }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await sql`select count(*)::int as n from auth_api_keys`.execute(t.db)).rows).toEqual(before);
  });

  it("keeps a key bound to nobody (minted by the CLI) working through membership changes", async () => {
    const { key } = await t.kernel.services.apiKeys.create({ organizationId: "default", scope: "storefront" });
    await staffSession(t, { email: "unrelated@example.com", role: "staff" });
    expect(
      (await send(t.app, "DELETE", `${MEMBERS}/${await userId("unrelated@example.com")}`, { headers: bearer(owner) }))
        .status,
    ).toBe(200);
    expect(await reads(key)).toBe(200);
  });
});

/** The default cache (2 s) is evicted by the removal itself in the process that made it: no delay there. */
describe("API keys follow their member, with the credential cache on", () => {
  let t: AuthTestApp;
  afterAll(() => t.close());
  beforeAll(async () => {
    t = await createAuthTestApp({ auth: { roles, apiKeyScopes: testScopes } });
  });

  it("refuses a removed member's cached key at the next request", async () => {
    const owner = await staffSession(t, { email: "owner@example.com", role: "owner" });
    await staffSession(t, { email: "cached@example.com", role: "staff" });
    const id = (await t.kernel.services.auth.users.findByEmail("cached@example.com"))?.id as string;
    const { key } = await t.kernel.services.apiKeys.create({
      organizationId: "default",
      scope: "storefront",
      userId: id,
    });
    expect((await send(t.app, "GET", "/api/catalog/entities", { headers: apiKey(key) })).status).toBe(200);
    expect(
      (await send(t.app, "PATCH", `${MEMBERS}/${id}`, { headers: bearer(owner), body: { role: "customer" } })).status,
    ).toBe(200);
    expect((await send(t.app, "GET", "/api/catalog/entities", { headers: apiKey(key) })).status).toBe(401);
  });
});
