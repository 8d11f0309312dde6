import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPluginTestAppWithAuth,
  createTestActor,
  type AuthPluginTestApp,
} from "@unified-commerce/plugin-sdk/testing";
import { marketplace } from "./marketplace-plugin.js";
import { bearer, call, createVendor, manager, placeOrder, signIn, vendorProduct } from "./marketplace-test-helpers.js";

/** Approves vendors, runs payouts, and mints vendor keys for any member. */
const marketplaceAdmin = createTestActor({ id: "mp-admin", permissions: ["marketplace:admin"] });

describe("vendor API keys (the `vendor` scope, bound to one vendor)", () => {
  let t: AuthPluginTestApp;
  let vendorA: string;
  let vendorB: string;
  let userA: string;
  let userB: string;
  let sessionA: string;
  let sessionB: string;
  beforeAll(async () => {
    t = await createPluginTestAppWithAuth(marketplace({ holdingPeriodDays: 0, vendorKeyMaxDays: 120 }), {
      authConfig: {
        roles: { seller: { permissions: ["marketplace:vendor"] }, clerk: { permissions: ["orders:read"] } },
      },
    });
    userA = await t.addMember({ email: "a@vendor.test", role: "seller" });
    userB = await t.addMember({ email: "b@vendor.test", role: "seller" });
    vendorA = await createVendor(t, { slug: "key-a", userIds: [userA] });
    vendorB = await createVendor(t, { slug: "key-b", userIds: [userB] });
    sessionA = await signIn(t, "a@vendor.test");
    sessionB = await signIn(t, "b@vendor.test");
  });
  afterAll(() => t.close());

  /** Mints as a signed-in member (`session`) or a test actor. */
  const mint = (
    vendorId: string,
    as: { session: string } | { actor: ReturnType<typeof createTestActor> },
    body: Record<string, unknown> = {},
  ) =>
    call(t, "POST", `/api/marketplace/vendors/${vendorId}/api-keys`, {
      ...("session" in as ? bearer(as.session) : { actor: as.actor }),
      body,
    });
  const asKey = (key: string) => ({ actor: null, headers: { "x-api-key": key } });
  const keyTraces = async () =>
    (
      await sql<{ keys: number; bindings: number; audit: number }>`select
      (select count(*)::int from auth_api_keys) as keys,
      (select count(*)::int from marketplace_vendor_keys) as bindings,
      (select count(*)::int from audit_entries) as audit`.execute(t.db)
    ).rows[0];
  const keyAudit = async (apiKeyId: string) =>
    (
      await sql<{
        event: string;
        actorId: string | null;
        userId: string;
        reason: string | null;
        expiresAt: string | null;
      }>`
      select event, actor_id, changes->>'userId' as user_id, changes->>'reason' as reason, changes->>'expiresAt' as expires_at
      from audit_entries where event like 'marketplace.vendorKey%' and changes->>'apiKeyId' = ${apiKeyId} order by occurred_at, event`.execute(
        t.db,
      )
    ).rows;

  it("lets the member mint a key for themselves, signed in: it reaches its own vendor's self-service only, and expires in 90 days by default", async () => {
    const minted = await mint(vendorA, { session: sessionA });
    expect(minted.status, JSON.stringify(minted.body)).toBe(201);
    expect(minted.body.data).toMatchObject({
      vendorId: vendorA,
      userId: userA,
      scope: "vendor",
      key: expect.stringMatching(/^uc_vendor_/),
    });
    const days = (Date.parse(minted.body.data.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    // The mint is audited in the binding's transaction, naming who minted it (here the member themselves).
    expect(await keyAudit(minted.body.data.id)).toEqual([
      {
        event: "marketplace.vendorKeyCreate",
        actorId: userA,
        userId: userA,
        reason: null,
        expiresAt: minted.body.data.expiresAt,
      },
    ]);

    const key = minted.body.data.key as string;
    const me = await call(t, "GET", "/api/marketplace/vendor/me", asKey(key));
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe(vendorA);
    expect(
      (await call(t, "PATCH", "/api/marketplace/vendor/me", { ...asKey(key), body: { description: "by key" } })).body
        .data,
    ).toMatchObject({ id: vendorA, description: "by key" });
    // The key grants marketplace:vendor only: staff routes are closed to it.
    expect((await call(t, "GET", `/api/marketplace/vendors/${vendorB}`, asKey(key))).status).toBe(403);
    expect((await call(t, "GET", "/api/orders", asKey(key))).status).toBe(403);
  });

  it("refuses staff with marketplace:manage (403), a member minting for another, for another vendor, or with a key; nothing is minted", async () => {
    const key = (await mint(vendorB, { session: sessionB })).body.data.key as string;
    const before = await keyTraces();
    for (const [label, refused] of [
      ["manage, for the seller", await mint(vendorA, { actor: manager }, { userId: userA })],
      ["manage, no user", await mint(vendorA, { actor: manager })],
      ["a member for another vendor's member", await mint(vendorA, { session: sessionB }, { userId: userA })],
      ["a member, for themselves, at another vendor", await mint(vendorA, { session: sessionB })],
      [
        "a vendor key minting its successor",
        await call(t, "POST", `/api/marketplace/vendors/${vendorB}/api-keys`, { ...asKey(key), body: {} }),
      ],
      ["a member at an unknown vendor", await mint("not-a-vendor", { session: sessionA })],
    ] as const) {
      expect(refused.status, label).toBe(403);
    }
    expect(await keyTraces()).toEqual(before);
  });

  it("lets marketplace:admin mint for any member (audited as the admin), bounded by vendorKeyMaxDays", async () => {
    const minted = await mint(vendorB, { actor: marketplaceAdmin }, { userId: userB, expiresInSeconds: 7 * 86_400 });
    expect(minted.status, JSON.stringify(minted.body)).toBe(201);
    expect(minted.body.data).toMatchObject({ vendorId: vendorB, userId: userB });
    expect(Date.parse(minted.body.data.expiresAt) - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    expect(await keyAudit(minted.body.data.id)).toEqual([
      {
        event: "marketplace.vendorKeyCreate",
        actorId: "mp-admin",
        userId: userB,
        reason: null,
        expiresAt: minted.body.data.expiresAt,
      },
    ]);

    const before = await keyTraces();
    expect((await mint(vendorA, { actor: marketplaceAdmin }, { userId: userB })).status).toBe(404);
    const tooLong = await mint(vendorA, { session: sessionA }, { expiresInSeconds: 121 * 86_400 });
    expect(tooLong.status).toBe(422);
    expect(await keyTraces()).toEqual(before);
  });

  it("refuses a key for a member whose role lacks the scope (403)", async () => {
    const clerk = await t.addMember({ email: "clerk@vendor.test", role: "clerk" });
    const vendorC = await createVendor(t, { slug: "key-c", userIds: [clerk] });
    expect((await mint(vendorC, { session: await signIn(t, "clerk@vendor.test") })).status).toBe(403);
  });

  it("revokes a key by its member or staff, audited; others get 404", async () => {
    const minted = (await mint(vendorA, { session: sessionA })).body.data as { id: string; key: string };
    const revoke = (as: object) => call(t, "DELETE", `/api/marketplace/vendors/${vendorA}/api-keys/${minted.id}`, as);
    const before = await keyTraces();
    expect((await revoke(bearer(sessionB))).status).toBe(404);
    expect(
      (await call(t, "DELETE", `/api/marketplace/vendors/${vendorB}/api-keys/${minted.id}`, { actor: manager })).status,
    ).toBe(404);
    expect(await keyTraces()).toEqual(before);
    expect((await call(t, "GET", "/api/marketplace/vendor/me", asKey(minted.key))).status).toBe(200);

    const revoked = await revoke(bearer(sessionA));
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toEqual({ id: minted.id, vendorId: vendorA, isRevoked: true });
    expect((await call(t, "GET", "/api/marketplace/vendor/me", asKey(minted.key))).status).toBe(401);
    expect(await keyAudit(minted.id)).toEqual([
      {
        event: "marketplace.vendorKeyCreate",
        actorId: userA,
        userId: userA,
        reason: null,
        expiresAt: expect.any(String),
      },
      { event: "marketplace.vendorKeyRevoke", actorId: userA, userId: userA, reason: "revoked", expiresAt: null },
    ]);
    expect((await revoke({ actor: manager })).status).toBe(404);
  });

  it("names the vendor key on a refund made with it (and in the refund's audit entry), while the member's cap carries it", async () => {
    const product = await vendorProduct(t, { slug: "key-kettle", price: 2500, vendorId: vendorA });
    const order = await placeOrder(t, [{ entityId: product, quantity: 1 }]);
    const minted = (await mint(vendorA, { session: sessionA })).body.data as { id: string; key: string };
    const subOrders = await call(t, "GET", "/api/marketplace/vendor/me/orders", asKey(minted.key));
    const subOrder = (subOrders.body.data as { id: string; orderId: string }[]).find((row) => row.orderId === order.id);
    const cancelled = await call(t, "POST", `/api/marketplace/vendor/me/orders/${subOrder?.id}/cancel`, {
      ...asKey(minted.key),
      body: { reason: "out of stock" },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

    const refunds = await call(t, "GET", `/api/orders/${order.id}/refunds`);
    expect(refunds.body.data).toEqual([
      expect.objectContaining({ amount: 2500, actorId: userA, credentialId: minted.id }),
    ]);
    const audit = await sql<{ actorId: string; credentialId: string }>`
      select actor_id, changes->'refund'->>'credentialId' as credential_id from audit_entries where event = 'orders.refund' and entity_id = ${order.id}`.execute(
      t.db,
    );
    expect(audit.rows).toEqual([{ actorId: userA, credentialId: minted.id }]);
    const caps = await sql<{
      actorId: string;
      used: number;
    }>`select actor_id, used::int as used from order_refund_caps`.execute(t.db);
    expect(caps.rows).toEqual([{ actorId: userA, used: 2500 }]);
  });

  it("fails boot on a vendor key lifetime that is not a positive number of days within the maximum", () => {
    expect(() => marketplace({ vendorKeyDays: 400 })).toThrow(/vendorKeyDays/);
    expect(() => marketplace({ vendorKeyMaxDays: 0 })).toThrow(/vendorKeyMaxDays/);
    expect(() => marketplace({ vendorKeyDays: Number.NaN })).toThrow(/vendorKeyDays/);
  });

  it("revokes a member's vendor keys when the member is removed, auditing each", async () => {
    const minted = (await mint(vendorB, { session: sessionB })).body.data as { id: string; key: string };
    expect((await call(t, "GET", "/api/marketplace/vendor/me", asKey(minted.key))).body.data.id).toBe(vendorB);
    expect(
      (await call(t, "DELETE", `/api/marketplace/vendors/${vendorB}/members/${userB}`, { actor: manager })).status,
    ).toBe(200);
    expect((await call(t, "GET", "/api/marketplace/vendor/me", asKey(minted.key))).status).toBe(401);
    expect((await keyAudit(minted.id)).at(-1)).toEqual({
      event: "marketplace.vendorKeyRevoke",
      actorId: manager.id,
      userId: userB,
      reason: "memberRemoved",
      expiresAt: null,
    });
  });
});
