import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestActor,
  createTestApp,
  isPostgresTestRun,
  testCustomerActor,
  type TestApp,
} from "../../testing/index.js";
import { call, otherOrgAdmin } from "../catalog/testing.js";
import {
  createCustomer,
  createGroup,
  customerEvents,
  customerManager,
  customerReader,
  customerTraces,
} from "./customers-test-helpers.js";

describe("customers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("creates a customer without an account, reads, lists and updates it, recording customers.create and customers.update", async () => {
    const vip = await createGroup(t.app, { id: "vip", name: "VIP" });
    const created = await call(t.app, "POST", "/api/customers", {
      actor: customerManager,
      body: {
        email: "  Ada@Example.COM ",
        name: "Ada Lovelace",
        phone: "+44 20 7946 0000",
        acceptsMarketing: true,
        metadata: { source: "till" },
        groupIds: [vip],
      },
    });
    expect(created.status).toBe(201);
    const ada = created.body.data;
    expect(ada).toMatchObject({
      email: "ada@example.com",
      name: "Ada Lovelace",
      hasAccount: false,
      acceptsMarketing: true,
      metadata: { source: "till" },
      groupIds: ["vip"],
    });
    expect(ada.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ada.acceptsMarketingUpdatedAt).not.toBeNull();

    expect((await call(t.app, "GET", `/api/customers/${ada.id}`, { actor: customerReader })).body.data).toEqual(ada);
    const patched = await call(t.app, "PATCH", `/api/customers/${ada.id}`, {
      actor: customerManager,
      body: { name: "Ada King", phone: null, acceptsMarketing: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      name: "Ada King",
      phone: null,
      acceptsMarketing: false,
      email: "ada@example.com",
      groupIds: ["vip"],
    });
    expect(patched.body.data.acceptsMarketingUpdatedAt >= ada.acceptsMarketingUpdatedAt).toBe(true);

    expect(await customerEvents(t.db, ada.id)).toEqual({
      events: ["customers.create", "customers.update"],
      audit: ["customers.create", "customers.update"],
    });
    const payload = await sql<{
      payload: { change: string; before: { name: string }; customer: { name: string } };
    }>`select payload from domain_events where entity_id = ${ada.id} and type = 'customers.update'`.execute(t.db);
    expect(payload.rows[0]?.payload).toMatchObject({
      change: "profileUpdated",
      before: { name: "Ada Lovelace" },
      customer: { name: "Ada King" },
    });
  });

  it("lists newest first, paginated, searching e-mail and name and filtering by group and account", async () => {
    const wholesale = await createGroup(t.app, { id: "list-wholesale", name: "List wholesale" });
    const grace = await createCustomer(t.app, {
      email: "grace@navy.example",
      name: "Grace Hopper",
      groupIds: [wholesale],
    });
    const alan = await createCustomer(t.app, { email: "alan@bletchley.example", name: "Alan 100%_Turing" });
    const list = async (query: string) =>
      (await call(t.app, "GET", `/api/customers?${query}`, { actor: customerReader })).body;
    expect((await list("q=HOPPER")).data.map((c: { id: string }) => c.id)).toEqual([grace.id]);
    expect((await list("q=bletchley")).data.map((c: { id: string }) => c.id)).toEqual([alan.id]);
    // Wildcards are taken literally.
    expect((await list("q=100%25_")).data.map((c: { id: string }) => c.id)).toEqual([alan.id]);
    expect((await list("q=%25")).data.map((c: { id: string }) => c.id)).toEqual([alan.id]);
    expect((await list(`groupId=${wholesale}`)).data.map((c: { id: string }) => c.id)).toEqual([grace.id]);
    const page = await list("limit=1&page=1&hasAccount=false");
    expect(page.data.map((c: { id: string }) => c.id)).toEqual([alan.id]);
    expect(page.meta.pagination).toMatchObject({ page: 1, limit: 1 });
    expect(page.meta.pagination.total).toBeGreaterThanOrEqual(3);
    expect((await list("hasAccount=true")).data).toEqual([]);
    for (const bad of ["limit=101", "page=0", "hasAccount=yes", "groupId=bad%20id", `q=${"x".repeat(201)}`]) {
      expect((await call(t.app, "GET", `/api/customers?${bad}`, { actor: customerReader })).status).toBe(422);
    }
  });

  it("refuses bad input with 422 and writes nothing", async () => {
    const existing = await createCustomer(t.app, { email: "kept@example.com", name: "Kept" });
    const before = await customerTraces(t.db);
    const refusals = [
      call(t.app, "POST", "/api/customers", { actor: customerManager, body: { email: "not-an-email" } }),
      call(t.app, "POST", "/api/customers", { actor: customerManager, body: { name: "" } }),
      call(t.app, "POST", "/api/customers", { actor: customerManager, body: { name: 42 } }),
      call(t.app, "POST", "/api/customers", { actor: customerManager, body: { name: "x".repeat(201) } }),
      call(t.app, "POST", "/api/customers", { actor: customerManager, body: { phone: "call me" } }),
      call(t.app, "POST", "/api/customers", { actor: customerManager, body: { acceptsMarketing: "yes" } }),
      call(t.app, "POST", "/api/customers", { actor: customerManager, body: { name: "Nul\u0000name" } }),
      call(t.app, "POST", "/api/customers", {
        actor: customerManager,
        body: { metadata: JSON.parse('{"__proto__": {"polluted": true}}') },
      }),
      call(t.app, "POST", "/api/customers", { actor: customerManager, body: { groupIds: ["no-such-group"] } }),
      call(t.app, "POST", "/api/customers", { actor: customerManager, body: [] }),
      call(t.app, "PATCH", `/api/customers/${existing.id}`, { actor: customerManager, body: { email: "bad" } }),
      call(t.app, "PATCH", `/api/customers/${existing.id}`, { actor: customerManager, body: { metadata: "x" } }),
    ];
    for (const [index, response] of (await Promise.all(refusals)).entries()) {
      expect([index, response.status]).toEqual([index, 422]);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
    }
    const unknownGroup = await call(t.app, "POST", "/api/customers", {
      actor: customerManager,
      body: { name: "Grouped", groupIds: ["no-such-group"] },
    });
    expect(unknownGroup.body.error.message).toContain("body.groupIds.0");
    // A second record with an e-mail another staff-made customer has: 409.
    expect(
      (await call(t.app, "POST", "/api/customers", { actor: customerManager, body: { email: "KEPT@example.com" } }))
        .status,
    ).toBe(409);
    expect(await customerTraces(t.db)).toEqual(before);
  });

  it("answers 404 for unknown, huge or another organization's ids, and 403 without the permission", async () => {
    const mine = await createCustomer(t.app, { name: "Mine" });
    const before = await customerTraces(t.db);
    for (const response of await Promise.all([
      call(t.app, "GET", `/api/customers/${mine.id}`, { actor: otherOrgAdmin }),
      call(t.app, "PATCH", `/api/customers/${mine.id}`, { actor: otherOrgAdmin, body: { name: "Stolen" } }),
      call(t.app, "GET", `/api/customers/${mine.id}/addresses`, { actor: otherOrgAdmin }),
      call(t.app, "POST", `/api/customers/${mine.id}/addresses`, {
        actor: otherOrgAdmin,
        body: { line1: "1 Road", city: "Town", country: "GB" },
      }),
      call(t.app, "GET", `/api/customers/${randomUUID()}`, { actor: customerReader }),
      call(t.app, "GET", "/api/customers/groups/vip", { actor: otherOrgAdmin }),
    ])) {
      expect(response.status).toBe(404);
    }
    expect((await call(t.app, "GET", "/api/customers", { actor: otherOrgAdmin })).body.data).toEqual([]);
    // Longer than any id: Fastify refuses a path parameter above 100 characters before routing (404).
    expect((await call(t.app, "GET", `/api/customers/${"x".repeat(5000)}`, { actor: customerReader })).status).toBe(
      404,
    );
    expect((await call(t.app, "GET", "/api/customers", { actor: testCustomerActor })).status).toBe(403);
    expect(
      (await call(t.app, "POST", "/api/customers", { actor: customerReader, body: { name: "Nope" } })).status,
    ).toBe(403);
    expect(
      (await call(t.app, "PATCH", `/api/customers/${mine.id}`, { actor: customerReader, body: { name: "Nope" } }))
        .status,
    ).toBe(403);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/customers" });
    expect(anonymous.statusCode).toBe(401);
    expect(await customerTraces(t.db)).toEqual(before);
  });

  it("keeps an account's e-mail (its sign-in address) and lets a customer change only their own fields through selfProfilePatchInput", async () => {
    const { customer, isCreated } = await t.kernel.services.customers.ensureProfile(
      "default",
      "user-linus",
      { email: "Linus@Example.com", name: "Linus" },
      null,
    );
    expect(isCreated).toBe(true);
    expect(customer).toMatchObject({
      id: "user-linus",
      email: "linus@example.com",
      name: "Linus",
      hasAccount: true,
      groupIds: [],
    });
    const refused = await call(t.app, "PATCH", "/api/customers/user-linus", {
      actor: customerManager,
      body: { email: "other@example.com" },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toContain("body.email");
    // A staff-made customer may share the account's address: they are separate records.
    expect(
      (await call(t.app, "POST", "/api/customers", { actor: customerManager, body: { email: "linus@example.com" } }))
        .status,
    ).toBe(201);
    const { selfProfilePatchInput } = await import("./customers-schemas.js");
    expect(selfProfilePatchInput.safeParse({ email: "x@example.com" }).success).toBe(false);
    expect(selfProfilePatchInput.safeParse({ metadata: {} }).success).toBe(false);
    const patch = selfProfilePatchInput.parse({ name: "Linus T", acceptsMarketing: true });
    const updated = await t.kernel.services.customers.update(
      "default",
      "user-linus",
      patch,
      createTestActor({ id: "user-linus", permissions: [] }),
    );
    expect(updated).toMatchObject({ name: "Linus T", acceptsMarketing: true, email: "linus@example.com" });
  });

  it("ensureProfile is idempotent: one profile and one customers.create, however many concurrent calls", async () => {
    const calls = await Promise.all(
      Array.from({ length: isPostgresTestRun() ? 20 : 4 }, () =>
        t.kernel.services.customers.ensureProfile(
          "default",
          "user-racer",
          { email: "racer@example.com", name: "Racer" },
          null,
        ),
      ),
    );
    expect(calls.filter((result) => result.isCreated)).toHaveLength(1);
    expect(new Set(calls.map((result) => result.customer.id))).toEqual(new Set(["user-racer"]));
    expect((await customerEvents(t.db, "user-racer")).events).toEqual(["customers.create"]);
  });

  it("refuses hostile input (NUL bytes, repeated or mistyped query values, deep or huge bodies) before any SQL, writing nothing", async () => {
    const target = await createCustomer(t.app, { name: "Target" });
    const before = await customerTraces(t.db);
    const statuses = await Promise.all([
      call(t.app, "GET", "/api/customers?q=%00", { actor: customerReader }),
      call(t.app, "GET", "/api/customers?q=a&q=b", { actor: customerReader }),
      call(t.app, "GET", "/api/customers?limit=abc", { actor: customerReader }),
      call(t.app, "GET", "/api/customers/bad%00id", { actor: customerReader }),
      call(t.app, "PATCH", `/api/customers/${target.id}`, { actor: customerManager, body: { name: ["Target"] } }),
      call(t.app, "PATCH", `/api/customers/${target.id}`, {
        actor: customerManager,
        body: { metadata: JSON.parse(`${'{"a":'.repeat(40)}1${"}".repeat(40)}`) },
      }),
      call(t.app, "POST", "/api/customers/groups/vip/members", {
        actor: customerManager,
        body: { customerIds: ["nul\u0000id"] },
      }),
      call(t.app, "POST", "/api/customers/groups/vip/members", {
        actor: customerManager,
        body: { customerIds: ["x".repeat(201)] },
      }),
      call(t.app, "POST", "/api/customers/groups/vip/members", {
        actor: customerManager,
        body: { customerIds: "everyone" },
      }),
    ]);
    expect(statuses.map((response) => response.status)).toEqual([422, 422, 422, 422, 422, 422, 422, 422, 422]);
    const huge = await call(t.app, "PATCH", `/api/customers/${target.id}`, {
      actor: customerManager,
      body: { metadata: { blob: "x".repeat(1_100_000) } },
    });
    expect(huge.status).toBe(413);
    expect(await customerTraces(t.db)).toEqual(before);
  });

  it("documents every customers route in /api/doc", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/doc" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const methods = (path: string) => Object.keys(doc.paths[path] ?? {}).sort();
    expect(methods("/api/customers")).toEqual(["get", "post"]);
    expect(methods("/api/customers/{id}")).toEqual(["get", "patch"]);
    expect(methods("/api/customers/{id}/addresses")).toEqual(["get", "post"]);
    expect(methods("/api/customers/{id}/addresses/{addressId}")).toEqual(["delete", "patch"]);
    expect(methods("/api/customers/groups")).toEqual(["get", "post"]);
    expect(methods("/api/customers/groups/{id}")).toEqual(["delete", "get", "patch"]);
    expect(methods("/api/customers/groups/{id}/members")).toEqual(["post"]);
    expect(methods("/api/customers/groups/{id}/members/{customerId}")).toEqual(["delete"]);
  });

  it("gives a member of the sign-up role a profile in the membership's transaction, and staff members none", async () => {
    const emit = (userId: string, isSignUpRole: boolean, fail = false) =>
      t.kernel.database.transaction(async (trx) => {
        await t.kernel.events.emit(
          {
            organizationId: "default",
            type: "members.create",
            entityType: "membership",
            entityId: userId,
            payload: {
              after: { role: isSignUpRole ? "customer" : "staff" },
              user: { id: userId, email: `${userId}@example.com`, name: userId },
              isSignUpRole,
            },
            actor: null,
          },
          { trx },
        );
        if (fail) throw new Error("membership rolled back");
      });
    await emit("user-shopper", true);
    await emit("user-clerk", false);
    await expect(emit("user-rolled-back", true, true)).rejects.toThrow("membership rolled back");
    const rows = await sql<{
      id: string;
      hasAccount: boolean;
    }>`select id, has_account from customers where id in ('user-shopper', 'user-clerk', 'user-rolled-back')`.execute(
      t.db,
    );
    expect(rows.rows).toEqual([{ id: "user-shopper", hasAccount: true }]);
    expect((await customerEvents(t.db, "user-shopper")).events).toEqual(["members.create", "customers.create"]);
    const created = await sql<{
      payload: { via: string };
    }>`select payload from domain_events where entity_id = 'user-shopper' and type = 'customers.create'`.execute(t.db);
    expect(created.rows[0]?.payload.via).toBe("signUp");
  });
});
