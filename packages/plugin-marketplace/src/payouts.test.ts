import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPluginTestApp, type TestApp } from "@unified-commerce/plugin-sdk/testing";
import { marketplace } from "./marketplace-plugin.js";
import {
  call,
  createVendor,
  eventTypes,
  manager,
  marketplaceTraces,
  otherStoreAdmin,
  placeOrder,
  vendorProduct,
  vendorUser,
} from "./marketplace-test-helpers.js";
import { recordingPayoutAdapter } from "./payout-test-adapter.js";

describe("payouts", () => {
  let t: TestApp;
  const adapter = recordingPayoutAdapter();
  let vendorA: string;
  let vendorB: string;
  let productA: string;
  let productB: string;
  beforeAll(async () => {
    t = await createPluginTestApp(marketplace({ holdingPeriodDays: 7, payoutAdapter: adapter }));
    vendorA = await createVendor(t, { slug: "pay-a", userIds: ["pa"] });
    vendorB = await createVendor(t, { slug: "pay-b", userIds: ["pb"] });
    productA = await vendorProduct(t, { slug: "vase", price: 4000, vendorId: vendorA });
    productB = await vendorProduct(t, { slug: "bowl", price: 1500, vendorId: vendorB });
    await call(t, "POST", "/api/marketplace/commission-rules", {
      body: { name: "default", type: "percentage", rateBps: 1000 },
    });
  });
  afterAll(() => t.close());

  const run = (body: unknown = {}) => call(t, "POST", "/api/marketplace/payouts/run", { body });
  const runJobs = () => t.kernel.services.jobs.run({ queue: "default", limit: 100 });
  const balanceOf = async (vendorId: string) =>
    (await call(t, "GET", `/api/marketplace/vendors/${vendorId}/balance`, { actor: manager })).body.data.balances[0];
  /** Moves a vendor's entries past the holding period, as eight days passing would. */
  const age = (vendorId: string) =>
    sql`update marketplace_ledger set created_at = created_at - interval '8 days' where vendor_id = ${vendorId}`.execute(
      t.db,
    );

  it("holds a sale for the holding period, then pays what is due once, through the adapter", async () => {
    const order = await placeOrder(t, [{ entityId: productA, quantity: 1 }]);
    expect(await balanceOf(vendorA)).toEqual({ currency: "EUR", balance: 3600, held: 4000, available: 0 });
    expect((await run()).body.data.payouts).toEqual([]);

    await age(vendorA);
    expect(await balanceOf(vendorA)).toEqual({ currency: "EUR", balance: 3600, held: 0, available: 3600 });
    const ran = await run();
    expect(ran.status).toBe(200);
    expect(ran.body.data.payouts).toEqual([
      expect.objectContaining({
        vendorId: vendorA,
        amount: 3600,
        currency: "EUR",
        status: "pending",
        provider: "recording",
      }),
    ]);
    const payout = ran.body.data.payouts[0];
    // The debit is written with the payout: the balance is what is left to pay.
    expect(await balanceOf(vendorA)).toMatchObject({ balance: 0, available: 0 });
    expect((await run()).body.data.payouts).toEqual([]);

    await runJobs();
    await runJobs();
    expect(adapter.calls.filter((id) => id === payout.id)).toHaveLength(1);
    const listed = await call(t, "GET", `/api/marketplace/payouts?vendorId=${vendorA}`, { actor: manager });
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        id: payout.id,
        status: "paid",
        providerReference: `ref-${payout.id}`,
        attempts: 1,
        paidAt: expect.any(String),
      }),
    ]);
    expect(await eventTypes(t.db, payout.id)).toEqual(["marketplace.payoutCreate", "marketplace.payoutStatusChange"]);

    // A refund after the payout: the vendor now owes the marketplace.
    const line = order.lines[0];
    expect(
      (
        await call(t, "POST", `/api/orders/${order.id}/refunds`, {
          body: { lines: [{ lineItemId: line?.lineItemId, quantity: 1 }] },
        })
      ).status,
    ).toBe(201);
    expect(await balanceOf(vendorA)).toEqual({ currency: "EUR", balance: -3600, held: 0, available: 0 });
    expect((await run({ vendorId: vendorA })).body.data.payouts).toEqual([]);
  });

  it("marks a payout the adapter refuses failed; a retry queues it again, once; a paid one is 409", async () => {
    await placeOrder(t, [{ entityId: productB, quantity: 2 }]);
    await age(vendorB);
    adapter.isFailing = true;
    const payout = (await run({ vendorId: vendorB })).body.data.payouts[0];
    await runJobs();
    const failed = (await call(t, "GET", `/api/marketplace/payouts?status=failed`, { actor: manager })).body.data;
    expect(failed).toEqual([
      expect.objectContaining({ id: payout.id, status: "failed", error: "bank unreachable", attempts: 1 }),
    ]);
    // The money stays set aside for the retry: no second payout while one is in flight.
    expect((await run({ vendorId: vendorB })).body.data.payouts).toEqual([]);

    adapter.isFailing = false;
    const retried = await call(t, "POST", `/api/marketplace/payouts/${payout.id}/retry`);
    expect(retried.body.data).toMatchObject({ status: "pending", error: null });
    expect((await call(t, "POST", `/api/marketplace/payouts/${payout.id}/retry`)).status).toBe(409);
    await runJobs();
    expect(adapter.calls.filter((id) => id === payout.id)).toHaveLength(2);
    const paid = (await call(t, "GET", `/api/marketplace/payouts?vendorId=${vendorB}`, { actor: manager })).body
      .data[0];
    expect(paid).toMatchObject({ status: "paid", attempts: 2, amount: 2700 });
    expect((await call(t, "POST", `/api/marketplace/payouts/${payout.id}/retry`)).status).toBe(409);
    expect(await balanceOf(vendorB)).toMatchObject({ balance: 0 });
  });

  it("skips a suspended vendor, refuses bad input (422) and another store's payouts (404), writing nothing", async () => {
    const vendorId = await createVendor(t, { slug: "pay-suspended" });
    const product = await vendorProduct(t, { slug: "jar", price: 1000, vendorId });
    await placeOrder(t, [{ entityId: product, quantity: 1 }]);
    await age(vendorId);
    await call(t, "POST", `/api/marketplace/vendors/${vendorId}/suspend`, { body: {} });
    const before = await marketplaceTraces(t.db);
    expect((await run()).body.data.payouts).toEqual([]);
    expect((await run({ vendorId })).status).toBe(422);
    expect((await run({ vendorId: "nope" })).status).toBe(422);
    const payout = (await call(t, "GET", "/api/marketplace/payouts", { actor: manager })).body.data[0];
    expect(
      (await call(t, "POST", `/api/marketplace/payouts/${payout.id}/retry`, { actor: otherStoreAdmin })).status,
    ).toBe(404);
    expect((await call(t, "GET", "/api/marketplace/payouts", { actor: otherStoreAdmin })).body.data).toEqual([]);
    expect((await call(t, "POST", "/api/marketplace/payouts/run", { actor: manager, body: {} })).status).toBe(403);
    expect(await marketplaceTraces(t.db)).toEqual(before);
  });

  it("shows a vendor its own payouts and balance only", async () => {
    const mine = await call(t, "GET", "/api/marketplace/vendor/me/payouts", { actor: vendorUser("pa") });
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(mine.body.data.every((payout: { vendorId: string }) => payout.vendorId === vendorA)).toBe(true);
    const balance = await call(t, "GET", "/api/marketplace/vendor/me/balance", { actor: vendorUser("pb") });
    expect(balance.body.data.vendorId).toBe(vendorB);
    expect((await call(t, "GET", "/api/marketplace/vendor/me/payouts", { actor: vendorUser("nobody") })).status).toBe(
      404,
    );
  });
});
