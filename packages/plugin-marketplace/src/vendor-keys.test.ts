import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPluginTestAppWithAuth, type AuthPluginTestApp } from "@unified-commerce/plugin-sdk/testing";
import { marketplace } from "./marketplace-plugin.js";
import { call, createVendor, manager } from "./marketplace-test-helpers.js";

describe("vendor API keys (the `vendor` scope, bound to one vendor)", () => {
  let t: AuthPluginTestApp;
  let vendorA: string;
  let vendorB: string;
  let userA: string;
  let userB: string;
  beforeAll(async () => {
    t = await createPluginTestAppWithAuth(marketplace(), { authConfig: { roles: { seller: { permissions: ["marketplace:vendor"] }, clerk: { permissions: ["orders:read"] } } } });
    userA = await t.addMember({ email: "a@vendor.test", role: "seller" });
    userB = await t.addMember({ email: "b@vendor.test", role: "seller" });
    vendorA = await createVendor(t, { slug: "key-a", userIds: [userA] });
    vendorB = await createVendor(t, { slug: "key-b", userIds: [userB] });
  });
  afterAll(() => t.close());

  const mint = (vendorId: string, userId: string) => call(t, "POST", `/api/marketplace/vendors/${vendorId}/api-keys`, { actor: manager, body: { userId } });
  const asKey = (key: string) => ({ actor: null, headers: { "x-api-key": key } });

  it("mints a key of the vendor scope that reaches its own vendor's self-service only", async () => {
    const minted = await mint(vendorA, userA);
    expect(minted.status).toBe(201);
    expect(minted.body.data).toMatchObject({ vendorId: vendorA, userId: userA, scope: "vendor", key: expect.stringMatching(/^uc_vendor_/) });
    const key = minted.body.data.key as string;
    const me = await call(t, "GET", "/api/marketplace/vendor/me", asKey(key));
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(vendorA);
    expect((await call(t, "PATCH", "/api/marketplace/vendor/me", { ...asKey(key), body: { description: "by key" } })).body.data).toMatchObject({ id: vendorA, description: "by key" });
    // The key grants marketplace:vendor only: staff routes are closed to it.
    expect((await call(t, "GET", `/api/marketplace/vendors/${vendorB}`, asKey(key))).status).toBe(403);
    expect((await call(t, "GET", "/api/orders", asKey(key))).status).toBe(403);
  });

  it("refuses a key for a user who is not the vendor's member (404) or whose role lacks the scope (403)", async () => {
    expect((await mint(vendorA, userB)).status).toBe(404);
    const clerk = await t.addMember({ email: "clerk@vendor.test", role: "clerk" });
    await call(t, "POST", `/api/marketplace/vendors/${vendorB}/members`, { actor: manager, body: { userId: clerk } });
    expect((await mint(vendorB, clerk)).status).toBe(403);
  });

  it("revokes a member's vendor keys when the member is removed", async () => {
    const key = (await mint(vendorB, userB)).body.data.key as string;
    expect((await call(t, "GET", "/api/marketplace/vendor/me", asKey(key))).body.data.id).toBe(vendorB);
    expect((await call(t, "DELETE", `/api/marketplace/vendors/${vendorB}/members/${userB}`, { actor: manager })).status).toBe(200);
    expect((await call(t, "GET", "/api/marketplace/vendor/me", asKey(key))).status).toBe(401);
  });
});
