import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../kernel/actor.js";
import { createTestApp, isPostgresTestRun, testAdminActor, type TestApp } from "../../testing/index.js";
import { call } from "../catalog/testing.js";
import { adminApiKey, CUSTOMER_PERMISSIONS, customer, meCall, systemActor } from "./me-test-helpers.js";

/** A signed-in customer whose session carries their e-mail, as the auth package's sessions do. */
const withEmail = (actor: Actor, email: string): Actor => ({ ...actor, email });

const address = { name: "Ann Example", line1: "1 Rue de la Paix", city: "Paris", postalCode: "75002", country: "FR" };

describe("/api/me profile and addresses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const events = async (customerId: string, type: string) =>
    (
      await sql<{
        count: number;
      }>`select count(*)::int as count from domain_events where entity_id = ${customerId} and type = ${type}`.execute(
        t.db,
      )
    ).rows[0]?.count;
  const profileRow = async (organizationId: string, customerId: string) =>
    (
      await sql<
        Record<string, unknown>
      >`select name, phone, email, accepts_marketing, metadata from customers where organization_id = ${organizationId} and id = ${customerId}`.execute(
        t.db,
      )
    ).rows[0];
  const addressCount = async (customerId: string) =>
    (
      await sql<{
        count: number;
      }>`select count(*)::int as count from customer_addresses where customer_id = ${customerId}`.execute(t.db)
    ).rows[0]?.count;

  it("refuses with 401 anyone without a session, an administrator's API key and a system actor included", async () => {
    const routes = [
      ["GET", "/api/me/profile"],
      ["PATCH", "/api/me/profile"],
      ["GET", "/api/me/addresses"],
      ["POST", "/api/me/addresses"],
      ["DELETE", "/api/me/addresses/00000000-0000-4000-8000-000000000000"],
    ] as const;
    for (const [method, url] of routes) {
      for (const actor of [undefined, adminApiKey, systemActor]) {
        const body = method === "PATCH" || method === "POST" ? {} : undefined;
        const response = await meCall(t.app, method, url, { ...(actor ? { actor } : {}), ...(body ? { body } : {}) });
        expect(response.status, `${method} ${url} as ${actor?.type ?? "anonymous"}`).toBe(401);
        expect(response.body.error.code).toBe("UNAUTHORIZED");
      }
    }
  });

  it("needs customers:read:self to read and customers:update:self to change (403), writing nothing", async () => {
    const readOnly = withEmail(customer("rita", { permissions: ["customers:read:self"] }), "rita@example.com");
    expect((await meCall(t.app, "GET", "/api/me/profile", { actor: readOnly })).status).toBe(200);
    expect((await meCall(t.app, "GET", "/api/me/addresses", { actor: readOnly })).status).toBe(200);
    for (const [method, url, body] of [
      ["PATCH", "/api/me/profile", { name: "Rita" }],
      ["POST", "/api/me/addresses", address],
    ] as const) {
      const response = await meCall(t.app, method, url, { actor: readOnly, body });
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe("FORBIDDEN");
    }
    expect(await profileRow("default", "user-rita")).toMatchObject({ name: null });
    expect(await addressCount("user-rita")).toBe(0);
    const nothing = customer("rita", { permissions: ["orders:read:own"] });
    expect((await meCall(t.app, "GET", "/api/me/profile", { actor: nothing })).status).toBe(403);
    // Staff's `customers:read` is not the scoped permission.
    expect(
      (
        await meCall(t.app, "GET", "/api/me/profile", {
          actor: customer("rita", { permissions: ["customers:read", "customers:update"] }),
        })
      ).status,
    ).toBe(403);
  });

  it("makes the profile of a person who has none on first read, from the session's e-mail, once", async () => {
    const ann = withEmail(customer("ann"), "Ann@Example.com");
    const first = await meCall(t.app, "GET", "/api/me/profile", { actor: ann });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      id: "user-ann",
      email: "ann@example.com",
      hasAccount: true,
      acceptsMarketing: false,
      groupIds: [],
    });
    expect(first.body.data).not.toHaveProperty("metadata");
    const again = await meCall(t.app, "GET", "/api/me/profile", { actor: ann });
    expect(again.body.data).toEqual(first.body.data);
    expect(await events("user-ann", "customers.create")).toBe(1);
    // Without an e-mail nothing can be made: 404 until staff create the profile.
    const anonymousMail = customer("nomail");
    const missing = await meCall(t.app, "GET", "/api/me/profile", { actor: anonymousMail });
    expect(missing.status).toBe(404);
    expect(await profileRow("default", "user-nomail")).toBeUndefined();
  });

  it("changes name, phone and marketing consent, dates the consent, and keeps staff's metadata out of sight", async () => {
    const bea = withEmail(customer("bea"), "bea@example.com");
    const changed = await meCall(t.app, "PATCH", "/api/me/profile", {
      actor: bea,
      body: { name: "Bea Example", phone: "+33 1 23 45 67 89", acceptsMarketing: true },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      id: "user-bea",
      name: "Bea Example",
      phone: "+33 1 23 45 67 89",
      acceptsMarketing: true,
    });
    expect(Date.parse(changed.body.data.acceptsMarketingUpdatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await events("user-bea", "customers.update")).toBe(1);

    const staffNote = await call(t.app, "PATCH", "/api/customers/user-bea", {
      actor: testAdminActor,
      body: { metadata: { note: "asked for a refund twice" } },
    });
    expect(staffNote.status).toBe(200);
    const read = await meCall(t.app, "GET", "/api/me/profile", { actor: bea });
    expect(JSON.stringify(read.body)).not.toContain("refund twice");

    const cleared = await meCall(t.app, "PATCH", "/api/me/profile", { actor: bea, body: { phone: null } });
    expect(cleared.body.data.phone).toBeNull();
  });

  it("refuses an e-mail, groups, metadata or a bad phone in the patch with 422, changing nothing", async () => {
    const cid = withEmail(customer("cid"), "cid@example.com");
    await meCall(t.app, "PATCH", "/api/me/profile", { actor: cid, body: { name: "Cid" } });
    const before = await profileRow("default", "user-cid");
    const updates = await events("user-cid", "customers.update");
    for (const body of [
      { email: "other@example.com" },
      { groupIds: ["wholesale"] },
      { metadata: { vip: true } },
      { phone: "call me" },
      { name: "" },
      { name: "x".repeat(201) },
      { acceptsMarketing: "yes" },
      { name: "a\u0000b" },
    ]) {
      const response = await meCall(t.app, "PATCH", "/api/me/profile", { actor: cid, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
    }
    expect(await profileRow("default", "user-cid")).toEqual(before);
    expect(await events("user-cid", "customers.update")).toBe(updates);
  });

  it("saves, lists and deletes the caller's own addresses only", async () => {
    const dan = withEmail(customer("dan"), "dan@example.com");
    const eve = withEmail(customer("eve"), "eve@example.com");
    const saved = await meCall(t.app, "POST", "/api/me/addresses", {
      actor: dan,
      body: { ...address, isDefaultShipping: true },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.data).toMatchObject({
      customerId: "user-dan",
      line1: "1 Rue de la Paix",
      country: "FR",
      isDefaultShipping: true,
      isDefaultBilling: false,
    });
    const second = await meCall(t.app, "POST", "/api/me/addresses", {
      actor: dan,
      body: { ...address, line1: "2 Rue Neuve", isDefaultShipping: true },
    });
    const listed = await meCall(t.app, "GET", "/api/me/addresses", { actor: dan });
    expect(
      listed.body.data.map((entry: { line1: string; isDefaultShipping: boolean }) => [
        entry.line1,
        entry.isDefaultShipping,
      ]),
    ).toEqual([
      ["1 Rue de la Paix", false],
      ["2 Rue Neuve", true],
    ]);
    expect((await meCall(t.app, "GET", "/api/me/addresses", { actor: eve })).body.data).toEqual([]);

    // Eve cannot delete Dan's address, nor can Dan of another store.
    for (const actor of [eve, withEmail(customer("dan", { organizationId: "other-store" }), "dan@example.com")]) {
      const refused = await meCall(t.app, "DELETE", `/api/me/addresses/${saved.body.data.id}`, { actor });
      expect(refused.status).toBe(404);
      expect(refused.body.error.code).toBe("NOT_FOUND");
    }
    expect(await addressCount("user-dan")).toBe(2);

    const deleted = await meCall(t.app, "DELETE", `/api/me/addresses/${saved.body.data.id}`, { actor: dan });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.id).toBe(saved.body.data.id);
    expect((await meCall(t.app, "DELETE", `/api/me/addresses/${saved.body.data.id}`, { actor: dan })).status).toBe(404);
    expect(
      (await meCall(t.app, "GET", "/api/me/addresses", { actor: dan })).body.data.map(
        (entry: { id: string }) => entry.id,
      ),
    ).toEqual([second.body.data.id]);
    expect(await events("user-dan", "customers.update")).toBe(3);
  });

  it("refuses a bad address or a malformed id with 422, writing nothing", async () => {
    const fay = withEmail(customer("fay"), "fay@example.com");
    await meCall(t.app, "GET", "/api/me/profile", { actor: fay });
    for (const body of [
      { ...address, country: "France" },
      { ...address, line1: "" },
      { city: "Paris", country: "FR" },
      { ...address, customerId: "user-dan" },
      { ...address, city: "x".repeat(101) },
    ]) {
      const response = await meCall(t.app, "POST", "/api/me/addresses", { actor: fay, body });
      // An unknown field (`customerId`) is stripped, never honoured: that one saves Fay's address.
      if ("customerId" in body) {
        expect(response.status).toBe(201);
        expect(response.body.data.customerId).toBe("user-fay");
        continue;
      }
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    expect(await addressCount("user-fay")).toBe(1);
    for (const id of ["not-a-uuid", "1", "a%00b"]) {
      expect((await meCall(t.app, "DELETE", `/api/me/addresses/${id}`, { actor: fay })).status, id).toBe(422);
    }
    // Past the router's parameter length (100), no route matches: the plain 404 of an unknown path.
    expect((await meCall(t.app, "DELETE", `/api/me/addresses/${"x".repeat(500)}`, { actor: fay })).status).toBe(404);
    expect(await addressCount("user-fay")).toBe(1);
  });

  it.skipIf(!isPostgresTestRun())(
    "makes one profile and keeps at most 50 addresses under 60 concurrent saves",
    async () => {
      const gus = withEmail(customer("gus", { permissions: CUSTOMER_PERMISSIONS }), "gus@example.com");
      const responses = await Promise.all(
        Array.from({ length: 60 }, (_, index) =>
          meCall(t.app, "POST", "/api/me/addresses", { actor: gus, body: { ...address, line1: `${index} Main St` } }),
        ),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(50);
      expect(statuses.filter((status) => status === 422)).toHaveLength(10);
      expect(await addressCount("user-gus")).toBe(50);
      expect(await events("user-gus", "customers.create")).toBe(1);
    },
  );
});
