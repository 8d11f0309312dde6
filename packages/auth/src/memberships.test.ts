import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthConfig } from "@unified-commerce/core";
import {
  apiKey,
  bearer,
  createAuthTestApp,
  inviteAndAccept,
  send,
  staffSession,
  testScopes,
  type AuthTestApp,
} from "./auth-test-helpers.js";

/** Like the reference server's roles: only `owner` grants `*:*`; `admin` manages members but is no owner. */
const roles: NonNullable<AuthConfig["roles"]> = {
  owner: { permissions: ["*:*"] },
  admin: { permissions: ["catalog:*", "inventory:*", "orders:*", "audit:read", "api-keys:manage", "members:manage"] },
  staff: {
    permissions: [
      "catalog:create",
      "catalog:read",
      "catalog:update",
      "catalog:read:unpublished",
      "inventory:read",
      "orders:read",
    ],
  },
  customer: { permissions: ["catalog:read", "orders:read:own"] },
};
const apiKeyScopes: NonNullable<AuthConfig["apiKeyScopes"]> = {
  ...testScopes,
  members: { prefix: "uc_mem_", description: "Manages members, nothing else", permissions: { members: ["manage"] } },
};

const MEMBERS = "/api/auth/organization/members";
const UNKNOWN_USER_ID = "00000000-0000-4000-8000-000000000000";

async function bootMembersApp(): Promise<AuthTestApp> {
  const t = await createAuthTestApp({ auth: { roles, apiKeyScopes } });
  for (const id of ["elsewhere", "store-b", "solo"]) await t.kernel.services.organizations.create({ id, name: id });
  return t;
}

describe("organization members over HTTP", () => {
  let t: AuthTestApp;
  let owner: string;
  let admin: string;
  let staff: string;

  const userId = async (email: string) => (await t.kernel.services.auth.users.findByEmail(email))?.id as string;
  const roleOf = async (email: string, organizationId = "default") =>
    t.kernel.services.auth.users.roleIn(await userId(email), organizationId);
  /** Someone with an account but no membership in `default`. */
  const outsider = (email: string) =>
    t.kernel.services.auth.createUser({
      email,
      password: "correct horse battery",
      role: "customer",
      organizationId: "elsewhere",
    });
  const membershipRows = async () =>
    JSON.stringify(
      (
        await sql`select organization_id, user_id, role from auth_memberships order by organization_id, user_id`.execute(
          t.db,
        )
      ).rows,
    );
  const eventCount = async () => (await sql`select id from domain_events`.execute(t.db)).rows.length;
  const signIn = async (email: string) =>
    (await send(t.app, "POST", "/api/auth/sign-in/email", { body: { email, password: "correct horse battery" } })).body
      .data.token as string;
  /** Members join by invitation: `inviter` invites, the person signs in and accepts. */
  const join = async (email: string, role: string, inviter: Record<string, string>) => {
    const accepted = await inviteAndAccept(t, {
      inviter,
      email,
      role,
      memberToken: await signIn(email.trim().toLowerCase()),
    });
    expect(accepted.status).toBe(200);
    return accepted.body.data as { organizationId: string; role: string };
  };

  beforeAll(async () => {
    t = await bootMembersApp();
    owner = await staffSession(t, { email: "owner@example.com", role: "owner" });
    admin = await staffSession(t, { email: "admin@example.com", role: "admin" });
    staff = await staffSession(t, { email: "staff@example.com", role: "staff" });
  });
  afterAll(() => t.close());

  it("declares members:manage and lists the organization's members page by page, to holders of that permission only", async () => {
    expect(t.kernel.permissions.map((permission) => permission.scope)).toContain("members:manage");
    const first = await send(t.app, "GET", `${MEMBERS}?limit=2`, { headers: bearer(admin) });
    expect(first.status).toBe(200);
    expect(first.body.meta.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(first.body.data[0]).toEqual({
      userId: await userId("owner@example.com"),
      email: "owner@example.com",
      name: "owner",
      role: "owner",
      createdAt: expect.any(String),
    });
    expect(first.body.data[1]).toMatchObject({ email: "admin@example.com", role: "admin" });
    const second = await send(t.app, "GET", `${MEMBERS}?limit=2&page=2`, { headers: bearer(owner) });
    expect(second.body.data.map((m: { email: string }) => m.email)).toEqual(["staff@example.com"]);

    expect((await send(t.app, "GET", MEMBERS, { headers: bearer(staff) })).status).toBe(403);
    expect((await send(t.app, "GET", MEMBERS)).status).toBe(401);
    expect((await send(t.app, "GET", `${MEMBERS}?limit=101`, { headers: bearer(admin) })).status).toBe(422);
  });

  it("invites by e-mail in any case; the invitee accepts and then acts with the role there", async () => {
    const newcomer = await staffSession(t, {
      email: "newcomer@example.com",
      role: "customer",
      organizationId: "elsewhere",
    });
    expect(await join(" NewComer@Example.COM ", "staff", bearer(admin))).toEqual({
      organizationId: "default",
      role: "staff",
    });
    const switched = await send(t.app, "POST", "/api/auth/organization/set-active", {
      headers: bearer(newcomer),
      body: { organizationId: "default" },
    });
    expect(switched.body.data).toEqual({ organizationId: "default", role: "staff" });
    expect((await send(t.app, "GET", "/api/catalog/entities?status=draft", { headers: bearer(newcomer) })).status).toBe(
      200,
    );
    expect(await roleOf("newcomer@example.com", "elsewhere")).toBe("customer");
  });

  it("answers 409 ALREADY_MEMBER, 422 for an unconfigured role and 404 MEMBER_NOT_FOUND, writing nothing", async () => {
    await outsider("unconfigured@example.com");
    const before = await membershipRows();
    const events = await eventCount();
    const twice = await send(t.app, "POST", MEMBERS, {
      headers: bearer(owner),
      body: { email: "staff@example.com", role: "customer" },
    });
    expect([twice.status, twice.body.error.code, twice.body.error.details.reason]).toEqual([
      409,
      "CONFLICT",
      "ALREADY_MEMBER",
    ]);
    const badRole = await send(t.app, "POST", MEMBERS, {
      headers: bearer(owner),
      body: { email: "unconfigured@example.com", role: "superuser" },
    });
    expect([badRole.status, badRole.body.error.code, badRole.body.error.issues[0].path]).toEqual([
      422,
      "VALIDATION_FAILED",
      "body.role",
    ]);
    const staffId = await userId("staff@example.com");
    expect(
      (await send(t.app, "PATCH", `${MEMBERS}/${staffId}`, { headers: bearer(owner), body: { role: "superuser" } }))
        .status,
    ).toBe(422);
    for (const method of ["PATCH", "DELETE"] as const) {
      const missing = await send(t.app, method, `${MEMBERS}/${UNKNOWN_USER_ID}`, {
        headers: bearer(owner),
        ...(method === "PATCH" ? { body: { role: "staff" } } : {}),
      });
      expect([missing.status, missing.body.error.details.reason]).toEqual([404, "MEMBER_NOT_FOUND"]);
    }
    expect(await membershipRows()).toBe(before);
    expect(await eventCount()).toBe(events);
  });

  it("refuses malformed input with 422 and writes nothing", async () => {
    const before = await membershipRows();
    const staffId = await userId("staff@example.com");
    const bad: Array<[method: "POST" | "PATCH" | "DELETE", path: string, body?: unknown]> = [
      ["POST", MEMBERS, {}],
      ["POST", MEMBERS, { role: "staff" }],
      ["POST", MEMBERS, { email: "staff@example.com" }],
      ["POST", MEMBERS, { email: "not-an-email", role: "staff" }],
      ["POST", MEMBERS, { email: 42, role: "staff" }],
      ["POST", MEMBERS, { email: "staff@example.com", role: "" }],
      ["POST", MEMBERS, { email: "staff@example.com", role: ["owner"] }],
      ["PATCH", `${MEMBERS}/${staffId}`, {}],
      ["PATCH", `${MEMBERS}/${staffId}`, { role: 7 }],
      ["PATCH", `${MEMBERS}/not-a-uuid`, { role: "customer" }],
      ["DELETE", `${MEMBERS}/not-a-uuid`],
      ["DELETE", `${MEMBERS}/${staffId.toUpperCase()}x`],
    ];
    for (const [method, path, body] of bad) {
      const response = await send(t.app, method, path, {
        headers: bearer(owner),
        ...(body === undefined ? {} : { body }),
      });
      expect([method, path, response.status, response.body.error.code]).toEqual([
        method,
        path,
        422,
        "VALIDATION_FAILED",
      ]);
    }
    expect(await membershipRows()).toBe(before);
  });

  it("lets nobody grant a role beyond their own permissions, nor change or remove a member who outranks them: 403, nothing changed", async () => {
    await outsider("candidate@example.com");
    const ownerId = await userId("owner@example.com");
    const staffId = await userId("staff@example.com");
    const before = await membershipRows();
    const grantOwner = await send(t.app, "POST", MEMBERS, {
      headers: bearer(admin),
      body: { email: "candidate@example.com", role: "owner" },
    });
    expect([grantOwner.status, grantOwner.body.error.code, grantOwner.body.error.details.reason]).toEqual([
      403,
      "FORBIDDEN",
      "ROLE_EXCEEDS_YOUR_PERMISSIONS",
    ]);
    expect(
      (await send(t.app, "PATCH", `${MEMBERS}/${staffId}`, { headers: bearer(admin), body: { role: "owner" } })).status,
    ).toBe(403);
    const demoteOwner = await send(t.app, "PATCH", `${MEMBERS}/${ownerId}`, {
      headers: bearer(admin),
      body: { role: "staff" },
    });
    expect([demoteOwner.status, demoteOwner.body.error.details.reason]).toEqual([403, "MEMBER_OUTRANKS_YOU"]);
    expect((await send(t.app, "DELETE", `${MEMBERS}/${ownerId}`, { headers: bearer(admin) })).status).toBe(403);
    // A key that may manage members but holds nothing else can grant no role and touch no member that has rights.
    const membersKey = (await t.kernel.services.apiKeys.create({ organizationId: "default", scope: "members" })).key;
    expect(
      (
        await send(t.app, "POST", MEMBERS, {
          headers: apiKey(membersKey),
          body: { email: "candidate@example.com", role: "customer" },
        })
      ).status,
    ).toBe(403);
    expect((await send(t.app, "DELETE", `${MEMBERS}/${staffId}`, { headers: apiKey(membersKey) })).status).toBe(403);
    expect(await membershipRows()).toBe(before);

    // Within their own rights an admin manages members: adds, promotes to admin, demotes, removes.
    const candidateId = await userId("candidate@example.com");
    await join("candidate@example.com", "customer", bearer(admin));
    expect(
      (await send(t.app, "PATCH", `${MEMBERS}/${candidateId}`, { headers: bearer(admin), body: { role: "admin" } }))
        .body.data.role,
    ).toBe("admin");
    expect(
      (await send(t.app, "PATCH", `${MEMBERS}/${candidateId}`, { headers: bearer(admin), body: { role: "staff" } }))
        .body.data.role,
    ).toBe("staff");
    expect((await send(t.app, "DELETE", `${MEMBERS}/${candidateId}`, { headers: bearer(admin) })).status).toBe(200);
    expect(await roleOf("candidate@example.com")).toBeNull();
    expect(await roleOf("candidate@example.com", "elsewhere")).toBe("customer");
  });

  it("never demotes or removes the last owner (409 LAST_OWNER), and does once another owner exists", async () => {
    const first = await staffSession(t, { email: "first-owner@example.com", role: "owner", organizationId: "solo" });
    const firstId = await userId("first-owner@example.com");
    for (const [method, body] of [
      ["PATCH", { role: "admin" }],
      ["DELETE", undefined],
    ] as const) {
      const refused = await send(t.app, method, `${MEMBERS}/${firstId}`, {
        headers: bearer(first),
        ...(body ? { body } : {}),
      });
      expect([refused.status, refused.body.error.code, refused.body.error.details.reason]).toEqual([
        409,
        "CONFLICT",
        "LAST_OWNER",
      ]);
    }
    expect(await roleOf("first-owner@example.com", "solo")).toBe("owner");

    const second = await staffSession(t, {
      email: "second-owner@example.com",
      role: "customer",
      organizationId: "elsewhere",
    });
    await join("second-owner@example.com", "owner", bearer(first));
    expect(
      (await send(t.app, "PATCH", `${MEMBERS}/${firstId}`, { headers: bearer(first), body: { role: "admin" } })).status,
    ).toBe(200);
    await send(t.app, "POST", "/api/auth/organization/set-active", {
      headers: bearer(second),
      body: { organizationId: "solo" },
    });
    const secondId = await userId("second-owner@example.com");
    expect((await send(t.app, "DELETE", `${MEMBERS}/${secondId}`, { headers: bearer(second) })).status).toBe(409);
    // The former owner, now admin, may remove nobody who outranks them, but the last owner may remove them.
    expect((await send(t.app, "DELETE", `${MEMBERS}/${secondId}`, { headers: bearer(first) })).status).toBe(403);
    expect((await send(t.app, "DELETE", `${MEMBERS}/${firstId}`, { headers: bearer(second) })).status).toBe(200);
  });

  it("applies a role change or a removal to the member's sessions at their very next request", async () => {
    const clerk = await staffSession(t, { email: "clerk@example.com", role: "staff" });
    const clerkId = await userId("clerk@example.com");
    const draft = await send(t.app, "POST", "/api/catalog/entities", {
      headers: bearer(owner),
      body: { type: "product", slug: "secret-draft", status: "draft" },
    });
    expect(draft.status).toBe(201);
    const drafts = () => send(t.app, "GET", "/api/catalog/entities?status=draft", { headers: bearer(clerk) });
    const keys = () => send(t.app, "GET", "/api/auth/api-keys", { headers: bearer(clerk) });
    // Used a moment ago, so the session is in the credential cache.
    expect((await drafts()).body.data.map((e: { slug: string }) => e.slug)).toContain("secret-draft");
    expect((await keys()).status).toBe(403);

    expect(
      (await send(t.app, "PATCH", `${MEMBERS}/${clerkId}`, { headers: bearer(owner), body: { role: "admin" } })).status,
    ).toBe(200);
    expect((await keys()).status).toBe(200);
    expect(
      (await send(t.app, "PATCH", `${MEMBERS}/${clerkId}`, { headers: bearer(owner), body: { role: "staff" } })).status,
    ).toBe(200);
    expect((await keys()).status).toBe(403);
    expect((await drafts()).status).toBe(200);

    expect((await send(t.app, "DELETE", `${MEMBERS}/${clerkId}`, { headers: bearer(owner) })).status).toBe(200);
    expect((await drafts()).status).toBe(403);
    const session = await send(t.app, "GET", "/api/auth/get-session", { headers: bearer(clerk) });
    expect(session.body.data).toMatchObject({ role: null, permissions: [], session: { organizationId: "default" } });
  });

  it("records each change in the audit log within the change's transaction: a failed change leaves neither", async () => {
    await outsider("audited@example.com");
    const auditedId = await userId("audited@example.com");
    await join("audited@example.com", "staff", bearer(owner));
    expect(
      (await send(t.app, "PATCH", `${MEMBERS}/${auditedId}`, { headers: bearer(owner), body: { role: "customer" } }))
        .status,
    ).toBe(200);
    expect((await send(t.app, "DELETE", `${MEMBERS}/${auditedId}`, { headers: bearer(owner) })).status).toBe(200);
    const audit = await send(t.app, "GET", `/api/audit?entityType=membership&entityId=${auditedId}`, {
      headers: bearer(owner),
    });
    expect(audit.status).toBe(200);
    const ownerId = await userId("owner@example.com");
    expect(
      audit.body.data.map((entry: { event: string; actorId: string; changes: unknown }) => [
        entry.event,
        entry.actorId,
        entry.changes,
      ]),
    ).toEqual([
      ["members.delete", ownerId, { before: { role: "customer" } }],
      ["members.update", ownerId, { before: { role: "staff" }, after: { role: "customer" } }],
      // Joining is the invitee's act (accepting); the invitation names the owner (entity type `invitation`).
      [
        "members.create",
        auditedId,
        {
          after: { role: "staff" },
          user: { id: auditedId, email: "audited@example.com", name: "audited" },
          isSignUpRole: false,
        },
      ],
    ]);

    await join("audited@example.com", "staff", bearer(owner));
    // The audit entry cannot be written: the role change must roll back with it.
    await sql`alter table audit_entries rename to audit_entries_away`.execute(t.db);
    try {
      expect(
        (await send(t.app, "PATCH", `${MEMBERS}/${auditedId}`, { headers: bearer(owner), body: { role: "customer" } }))
          .status,
      ).toBe(500);
      expect((await send(t.app, "DELETE", `${MEMBERS}/${auditedId}`, { headers: bearer(owner) })).status).toBe(500);
    } finally {
      await sql`alter table audit_entries_away rename to audit_entries`.execute(t.db);
    }
    expect(await roleOf("audited@example.com")).toBe("staff");
  });

  it("keeps organizations apart: a member manager of B neither sees nor changes A's members, and the body cannot name another organization", async () => {
    const adminB = await staffSession(t, { email: "admin-b@example.com", role: "admin", organizationId: "store-b" });
    const keyB = (await t.kernel.services.apiKeys.create({ organizationId: "store-b", scope: "admin" })).key;
    const before = await membershipRows();
    const ownerId = await userId("owner@example.com");
    const staffId = await userId("staff@example.com");
    for (const headers of [bearer(adminB), apiKey(keyB)]) {
      const list = await send(t.app, "GET", MEMBERS, { headers });
      expect(list.body.data.map((m: { email: string }) => m.email)).toEqual(["admin-b@example.com"]);
      for (const id of [ownerId, staffId]) {
        const patch = await send(t.app, "PATCH", `${MEMBERS}/${id}`, { headers, body: { role: "customer" } });
        expect([patch.status, patch.body.error.details.reason]).toEqual([404, "MEMBER_NOT_FOUND"]);
        expect((await send(t.app, "DELETE", `${MEMBERS}/${id}`, { headers })).status).toBe(404);
      }
    }
    expect(await membershipRows()).toBe(before);

    // Inviting A's staff member to B (an unknown `organizationId` field is dropped) touches B's membership only.
    const invited = await send(t.app, "POST", MEMBERS, {
      headers: bearer(adminB),
      body: { email: "staff@example.com", role: "customer", organizationId: "default" },
    });
    expect(invited.status).toBe(201);
    expect(
      (await send(t.app, "GET", "/api/auth/organization/invitations", { headers: bearer(adminB) })).body.data.map(
        (i: { id: string }) => i.id,
      ),
    ).toContain(invited.body.data.id);
    await send(t.app, "DELETE", `/api/auth/organization/invitations/${invited.body.data.id}`, {
      headers: bearer(adminB),
    });
    expect(await join("staff@example.com", "customer", bearer(adminB))).toEqual({
      organizationId: "store-b",
      role: "customer",
    });
    expect(
      (await send(t.app, "PATCH", `${MEMBERS}/${staffId}`, { headers: apiKey(keyB), body: { role: "staff" } })).status,
    ).toBe(200);
    expect(await roleOf("staff@example.com", "store-b")).toBe("staff");
    expect((await send(t.app, "DELETE", `${MEMBERS}/${staffId}`, { headers: bearer(adminB) })).status).toBe(200);
    expect(await roleOf("staff@example.com", "store-b")).toBeNull();
    expect(await roleOf("staff@example.com")).toBe("staff");
    const listA = await send(t.app, "GET", MEMBERS, { headers: bearer(owner) });
    expect(listA.body.data.map((m: { email: string }) => m.email)).not.toContain("admin-b@example.com");
  });
});

describe("organization members: the last owner under concurrency", () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await bootMembersApp();
  });
  afterAll(() => t.close());

  // On PostgreSQL these requests really overlap (a read-then-write check lets both owners go); PGlite runs them one by one.
  it("two owners firing demotions and removals at each other and themselves at once always leave exactly one owner", async () => {
    for (let round = 0; round < 4; round += 1) {
      const organizationId = `race-${round}`;
      await t.kernel.services.organizations.create({ id: organizationId, name: organizationId });
      const tokenA = await staffSession(t, { email: `a-${round}@example.com`, role: "owner", organizationId });
      const tokenB = await staffSession(t, { email: `b-${round}@example.com`, role: "owner", organizationId });
      const idA = (await t.kernel.services.auth.users.findByEmail(`a-${round}@example.com`))?.id as string;
      const idB = (await t.kernel.services.auth.users.findByEmail(`b-${round}@example.com`))?.id as string;
      const demote = (token: string, id: string) =>
        send(t.app, "PATCH", `${MEMBERS}/${id}`, { headers: bearer(token), body: { role: "staff" } });
      const remove = (token: string, id: string) =>
        send(t.app, "DELETE", `${MEMBERS}/${id}`, { headers: bearer(token) });
      const requests = Array.from({ length: 4 }, () => [
        demote(tokenA, idB),
        demote(tokenB, idA),
        remove(tokenA, idB),
        remove(tokenB, idA),
        demote(tokenA, idA),
        remove(tokenB, idB),
      ]).flat();
      const statuses = (await Promise.all(requests)).map((response) => response.status);
      const owners =
        await sql`select user_id from auth_memberships where organization_id = ${organizationId} and role = 'owner'`.execute(
          t.db,
        );
      expect(owners.rows, `round ${round}: ${statuses.join(",")}`).toHaveLength(1);
      expect(
        statuses.every((status) => [200, 403, 404, 409].includes(status)),
        statuses.join(","),
      ).toBe(true);
      expect(statuses).toContain(200);
      expect(statuses).toContain(409);
    }
  });
});
