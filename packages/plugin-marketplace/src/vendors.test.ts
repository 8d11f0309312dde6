import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPluginTestApp,
  createTestActor,
  testAdminActor,
  testNoPermActor,
  type TestApp,
} from "@unified-commerce/plugin-sdk/testing";
import { marketplace } from "./marketplace-plugin.js";
import {
  call,
  createVendor,
  eventTypes,
  manager,
  marketplaceTraces,
  otherStoreAdmin,
  vendorUser,
} from "./marketplace-test-helpers.js";

describe("marketplace vendors", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createPluginTestApp(marketplace());
  });
  afterAll(() => t.close());

  const vendors = "/api/marketplace/vendors";

  it("creates a pending vendor, reads, lists and changes it, with events", async () => {
    const created = await call(t, "POST", vendors, {
      actor: manager,
      body: { name: "Tea House", slug: "tea-house", email: "tea@example.com", userIds: ["tea-user"] },
    });
    expect(created.status).toBe(201);
    const vendor = created.body.data;
    expect(vendor).toMatchObject({
      name: "Tea House",
      slug: "tea-house",
      email: "tea@example.com",
      status: "pending",
      statusReason: null,
      approvedAt: null,
    });
    expect((await call(t, "GET", `${vendors}/${vendor.id}`, { actor: manager })).body.data).toEqual(vendor);

    const patched = await call(t, "PATCH", `${vendors}/${vendor.id}`, {
      actor: manager,
      body: { description: "Loose leaf", payoutReference: "IBAN-1" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      description: "Loose leaf",
      payoutReference: "IBAN-1",
      status: "pending",
    });

    const listed = await call(t, "GET", `${vendors}?status=pending`, { actor: manager });
    expect(listed.body.data.map((row: { id: string }) => row.id)).toContain(vendor.id);
    expect(listed.body.meta.pagination.total).toBeGreaterThanOrEqual(1);
    expect(await eventTypes(t.db, vendor.id)).toEqual(["marketplace.vendorCreate", "marketplace.vendorUpdate"]);
  });

  it("moves a vendor along its machine and refuses any other move with 409", async () => {
    const id = await createVendor(t, { slug: "machine", isPending: true });
    const path = (move: string) => `${vendors}/${id}/${move}`;
    expect((await call(t, "POST", path("suspend"), { body: {} })).status).toBe(409);
    expect((await call(t, "POST", path("reinstate"))).status).toBe(409);
    const approved = await call(t, "POST", path("approve"));
    expect(approved.body.data).toMatchObject({ status: "active", approvedAt: expect.any(String) });
    expect((await call(t, "POST", path("approve"))).body.error.code).toBe("CONFLICT");
    expect((await call(t, "POST", path("reject"), { body: { reason: "late" } })).status).toBe(409);
    const suspended = await call(t, "POST", path("suspend"), { body: { reason: "late shipments" } });
    expect(suspended.body.data).toMatchObject({ status: "suspended", statusReason: "late shipments" });
    const reinstated = await call(t, "POST", path("reinstate"));
    expect(reinstated.body.data).toMatchObject({ status: "active", statusReason: null });

    const other = await createVendor(t, { slug: "rejected-one", isPending: true });
    const rejected = await call(t, "POST", `${vendors}/${other}/reject`, {
      actor: manager,
      body: { reason: "no papers" },
    });
    expect(rejected.body.data).toMatchObject({ status: "rejected", statusReason: "no papers" });
    for (const move of ["approve", "suspend", "reinstate"])
      expect((await call(t, "POST", `${vendors}/${other}/${move}`, { body: {} })).status).toBe(409);
    expect(await eventTypes(t.db, other)).toEqual(["marketplace.vendorCreate", "marketplace.vendorStatusChange"]);
  });

  it("keeps approve, suspend and reinstate for marketplace:admin (403 for a manager)", async () => {
    const id = await createVendor(t, { slug: "needs-admin", isPending: true });
    for (const move of ["approve", "suspend", "reinstate"]) {
      const refused = await call(t, "POST", `${vendors}/${id}/${move}`, { actor: manager, body: {} });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe("FORBIDDEN");
    }
    expect((await call(t, "GET", vendors, { actor: testNoPermActor })).status).toBe(403);
    expect((await call(t, "GET", vendors, { actor: null })).status).toBe(401);
  });

  it("reviews documents: approve, reject with a reason, revise, never repeat", async () => {
    const id = await createVendor(t, { slug: "papers" });
    const added = await call(t, "POST", `${vendors}/${id}/documents`, {
      actor: manager,
      body: { type: "registration", reference: "media:123", fileName: "kbis.pdf" },
    });
    expect(added.status).toBe(201);
    const doc = added.body.data;
    expect(doc).toMatchObject({ vendorId: id, type: "registration", status: "pending" });
    const approved = await call(t, "POST", `${vendors}/${id}/documents/${doc.id}/approve`, { actor: manager });
    expect(approved.body.data).toMatchObject({ status: "approved", reviewedBy: manager.id });
    expect((await call(t, "POST", `${vendors}/${id}/documents/${doc.id}/approve`, { actor: manager })).status).toBe(
      409,
    );
    const rejected = await call(t, "POST", `${vendors}/${id}/documents/${doc.id}/reject`, {
      actor: manager,
      body: { reason: "expired" },
    });
    expect(rejected.body.data).toMatchObject({ status: "rejected", rejectionReason: "expired" });
    expect((await call(t, "GET", `${vendors}/${id}/documents`, { actor: manager })).body.data).toEqual([
      rejected.body.data,
    ]);
    const other = await createVendor(t, { slug: "papers-2" });
    expect((await call(t, "POST", `${vendors}/${other}/documents/${doc.id}/approve`, { actor: manager })).status).toBe(
      404,
    );
  });

  it("refuses bad input with 422 and a taken slug with 409, writing nothing", async () => {
    await createVendor(t, { slug: "taken" });
    const id = await createVendor(t, { slug: "fine" });
    const before = await marketplaceTraces(t.db);
    for (const body of [
      {},
      { name: "x", slug: "Bad Slug" },
      { name: "", slug: "ok" },
      { name: "x", slug: "ok", email: "nope" },
      { name: "x", slug: "ok", userIds: "u" },
    ]) {
      const refused = await call(t, "POST", vendors, { body });
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.error.code).toBe("VALIDATION_FAILED");
    }
    expect((await call(t, "PATCH", `${vendors}/${id}`, { body: {} })).status).toBe(422);
    expect((await call(t, "PATCH", `${vendors}/${id}`, { body: { status: "active" } })).status).toBe(422);
    expect((await call(t, "POST", `${vendors}/${id}/reject`, { body: {} })).status).toBe(422);
    expect(
      (await call(t, "POST", `${vendors}/${id}/documents`, { body: { type: "BAD TYPE", reference: "x" } })).status,
    ).toBe(422);
    expect((await call(t, "POST", vendors, { body: { name: "again", slug: "taken" } })).status).toBe(409);
    expect((await call(t, "PATCH", `${vendors}/${id}`, { body: { slug: "taken" } })).status).toBe(409);
    expect(await marketplaceTraces(t.db)).toEqual(before);
  });

  it("hides another store's vendors (404) and lists none of them", async () => {
    const id = await createVendor(t, { slug: "home-store" });
    const before = await marketplaceTraces(t.db);
    for (const [method, url, body] of [
      ["GET", `${vendors}/${id}`, undefined],
      ["PATCH", `${vendors}/${id}`, { name: "stolen" }],
      ["POST", `${vendors}/${id}/suspend`, {}],
      ["GET", `${vendors}/${id}/documents`, undefined],
      ["POST", `${vendors}/${id}/documents`, { type: "x", reference: "y" }],
      ["GET", `${vendors}/${id}/balance`, undefined],
      ["GET", `${vendors}/${id}/performance`, undefined],
    ] as const) {
      expect((await call(t, method, url, { actor: otherStoreAdmin, body })).status, url).toBe(404);
    }
    expect((await call(t, "GET", vendors, { actor: otherStoreAdmin })).body.data).toEqual([]);
    expect((await call(t, "GET", `${vendors}/not-a-uuid`)).status).toBe(404);
    expect(await marketplaceTraces(t.db)).toEqual(before);
  });

  it("serves a member its own vendor under /vendor/me, and nobody else's", async () => {
    const a = await createVendor(t, { slug: "me-a", userIds: ["user-a"] });
    const b = await createVendor(t, { slug: "me-b", userIds: ["user-b"] });
    const mine = await call(t, "GET", "/api/marketplace/vendor/me", { actor: vendorUser("user-a") });
    expect(mine.body.data).toMatchObject({ id: a, slug: "me-a" });
    expect((await call(t, "GET", "/api/marketplace/vendor/me", { actor: vendorUser("user-b") })).body.data.id).toBe(b);

    const patched = await call(t, "PATCH", "/api/marketplace/vendor/me", {
      actor: vendorUser("user-a"),
      body: { description: "ours" },
    });
    expect(patched.body.data).toMatchObject({ id: a, description: "ours" });
    expect((await call(t, "GET", `${vendors}/${b}`)).body.data.description).toBeNull();
    // A vendor may not change its slug, payout reference or status itself.
    expect(
      (
        await call(t, "PATCH", "/api/marketplace/vendor/me", {
          actor: vendorUser("user-a"),
          body: { payoutReference: "mine" },
        })
      ).status,
    ).toBe(422);
    // A user of no vendor, and the same user id in another store, see no vendor.
    expect((await call(t, "GET", "/api/marketplace/vendor/me", { actor: vendorUser("stranger") })).status).toBe(404);
    expect(
      (await call(t, "GET", "/api/marketplace/vendor/me", { actor: vendorUser("user-a", "another-store") })).status,
    ).toBe(404);
    // Staff routes stay closed to a vendor.
    expect((await call(t, "GET", `${vendors}/${b}`, { actor: vendorUser("user-a") })).status).toBe(403);
    expect(
      (
        await call(t, "GET", "/api/marketplace/vendor/me", {
          actor: createTestActor({ id: "user-a", permissions: [] }),
        })
      ).status,
    ).toBe(403);
  });

  it("manages members: a user acts for one vendor of a store", async () => {
    const a = await createVendor(t, { slug: "members-a" });
    const b = await createVendor(t, { slug: "members-b" });
    expect(
      (await call(t, "POST", `${vendors}/${a}/members`, { actor: manager, body: { userId: "member-1" } })).status,
    ).toBe(201);
    expect(
      (await call(t, "POST", `${vendors}/${b}/members`, { actor: manager, body: { userId: "member-1" } })).status,
    ).toBe(409);
    expect((await call(t, "GET", `${vendors}/${a}/members`, { actor: manager })).body.data).toEqual([
      expect.objectContaining({ userId: "member-1", vendorId: a }),
    ]);
    expect((await call(t, "DELETE", `${vendors}/${a}/members/member-1`, { actor: manager })).status).toBe(200);
    expect((await call(t, "GET", "/api/marketplace/vendor/me", { actor: vendorUser("member-1") })).status).toBe(404);
    expect((await eventTypes(t.db, a)).filter((type) => type === "marketplace.memberChange")).toHaveLength(2);
    expect(
      (await call(t, "POST", `${vendors}/${a}/api-keys`, { actor: testAdminActor, body: { userId: "member-1" } }))
        .status,
    ).toBe(409);
  });
});
