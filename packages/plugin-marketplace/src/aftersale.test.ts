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
  shopper,
  vendorProduct,
  vendorUser,
  type PlacedOrder,
} from "./marketplace-test-helpers.js";

describe("disputes, returns, reviews, performance and analytics", () => {
  let t: TestApp;
  let vendorA: string;
  let vendorB: string;
  let order: PlacedOrder;
  let subA: string;
  let subB: string;
  const buyer = shopper("cust-1");
  const stranger = shopper("cust-2");
  const va = vendorUser("va");
  const vb = vendorUser("vb");

  beforeAll(async () => {
    t = await createPluginTestApp(marketplace({ holdingPeriodDays: 0 }));
    vendorA = await createVendor(t, { slug: "after-a", userIds: ["va"] });
    vendorB = await createVendor(t, { slug: "after-b", userIds: ["vb"] });
    const productA = await vendorProduct(t, { slug: "kettle", price: 3000, vendorId: vendorA });
    const productB = await vendorProduct(t, { slug: "cup", price: 500, vendorId: vendorB });
    await call(t, "POST", "/api/marketplace/commission-rules", {
      body: { name: "default", type: "percentage", rateBps: 1000 },
    });
    order = await placeOrder(
      t,
      [
        { entityId: productA, quantity: 2 },
        { entityId: productB, quantity: 1 },
      ],
      { customerId: "cust-1" },
    );
    const subs = (await call(t, "GET", `/api/marketplace/sub-orders?orderId=${order.id}`, { actor: manager })).body
      .data as { id: string; vendorId: string; customerId: string }[];
    subA = subs.find((sub) => sub.vendorId === vendorA)?.id ?? "";
    subB = subs.find((sub) => sub.vendorId === vendorB)?.id ?? "";
    expect(subs.every((sub) => sub.customerId === "cust-1")).toBe(true);
  });
  afterAll(() => t.close());

  const balanceOf = async (vendorId: string) =>
    (await call(t, "GET", `/api/marketplace/vendors/${vendorId}/balance`, { actor: manager })).body.data.balances[0]
      .balance;

  it("runs a dispute: the buyer opens and escalates, the vendor responds, an administrator resolves with an adjustment", async () => {
    const opened = await call(t, "POST", "/api/marketplace/disputes", {
      actor: buyer,
      body: { subOrderId: subA, reason: "arrived broken" },
    });
    expect(opened.status).toBe(201);
    const dispute = opened.body.data;
    expect(dispute).toMatchObject({
      status: "open",
      vendorId: vendorA,
      orderId: order.id,
      customerId: "cust-1",
      openedBy: buyer.id,
    });
    const path = (move: string) => `/api/marketplace/disputes/${dispute.id}/${move}`;

    const before = await marketplaceTraces(t.db);
    expect(
      (await call(t, "POST", "/api/marketplace/disputes", { actor: stranger, body: { subOrderId: subA, reason: "x" } }))
        .status,
    ).toBe(404);
    expect(
      (await call(t, "POST", "/api/marketplace/disputes", { actor: buyer, body: { subOrderId: "nope", reason: "x" } }))
        .status,
    ).toBe(422);
    expect((await call(t, "POST", path("respond"), { actor: vb, body: { response: "not mine" } })).status).toBe(404);
    expect((await call(t, "POST", path("respond"), { actor: buyer, body: { response: "me" } })).status).toBe(403);
    expect((await call(t, "POST", path("respond"), { actor: va, body: {} })).status).toBe(422);
    expect((await call(t, "POST", path("resolve"), { actor: buyer, body: { outcome: "customer" } })).status).toBe(403);
    expect((await call(t, "POST", path("respond"), { actor: otherStoreAdmin, body: { response: "x" } })).status).toBe(
      404,
    );
    expect(await marketplaceTraces(t.db)).toEqual(before);

    expect(
      (await call(t, "POST", path("respond"), { actor: va, body: { response: "sending a new one" } })).body.data,
    ).toMatchObject({ status: "responded", vendorResponse: "sending a new one" });
    expect((await call(t, "POST", path("respond"), { actor: va, body: { response: "again" } })).status).toBe(409);
    expect(
      (await call(t, "POST", path("escalate"), { actor: buyer, body: { note: "never came" } })).body.data.status,
    ).toBe("escalated");
    const balance = await balanceOf(vendorA);
    const resolved = await call(t, "POST", path("resolve"), {
      body: { outcome: "customer", note: "vendor pays", adjustment: -500 },
    });
    expect(resolved.body.data).toMatchObject({ status: "resolved", outcome: "customer", adjustment: -500 });
    expect(await balanceOf(vendorA)).toBe(balance - 500);
    expect((await call(t, "POST", path("escalate"), { actor: buyer, body: {} })).status).toBe(409);
    expect(await eventTypes(t.db, dispute.id)).toEqual([
      "marketplace.disputeOpen",
      ...Array(3).fill("marketplace.disputeStatusChange"),
    ]);
    const listed = await call(t, "GET", `/api/marketplace/disputes?vendorId=${vendorA}&status=resolved`, {
      actor: manager,
    });
    expect(listed.body.data.map((row: { id: string }) => row.id)).toEqual([dispute.id]);
    expect((await call(t, "GET", "/api/marketplace/disputes", { actor: otherStoreAdmin })).body.data).toEqual([]);
  });

  it("runs a return: opened and shipped back by the buyer, received by the vendor, refunded through the order", async () => {
    const lineA = order.lines.find((line) => line.quantity === 2);
    const lineB = order.lines.find((line) => line.quantity === 1);
    const before = await marketplaceTraces(t.db);
    for (const lines of [
      [{ orderLineId: lineA?.lineItemId, quantity: 3 }],
      [{ orderLineId: lineB?.lineItemId, quantity: 1 }],
      [],
    ]) {
      const refused = await call(t, "POST", "/api/marketplace/returns", {
        actor: buyer,
        body: { subOrderId: subA, reason: "too big", lines },
      });
      expect(refused.status, JSON.stringify(lines)).toBe(422);
    }
    expect(
      (
        await call(t, "POST", "/api/marketplace/returns", {
          actor: stranger,
          body: { subOrderId: subA, reason: "x", lines: [{ orderLineId: lineA?.lineItemId, quantity: 1 }] },
        })
      ).status,
    ).toBe(404);
    expect(await marketplaceTraces(t.db)).toEqual(before);

    const opened = await call(t, "POST", "/api/marketplace/returns", {
      actor: buyer,
      body: { subOrderId: subA, reason: "too big", lines: [{ orderLineId: lineA?.lineItemId, quantity: 1 }] },
    });
    expect(opened.status).toBe(201);
    const path = (move: string) => `/api/marketplace/returns/${opened.body.data.id}/${move}`;
    expect((await call(t, "POST", path("ship-back"), { actor: va, body: { trackingNumber: "R1" } })).status).toBe(403);
    expect(
      (await call(t, "POST", path("ship-back"), { actor: buyer, body: { trackingNumber: "R1" } })).body.data,
    ).toMatchObject({ status: "shipped_back", trackingNumber: "R1" });
    expect((await call(t, "POST", path("ship-back"), { actor: buyer, body: { trackingNumber: "R2" } })).status).toBe(
      409,
    );
    expect((await call(t, "POST", path("receive"), { actor: vb })).status).toBe(404);
    expect((await call(t, "POST", path("receive"), { actor: otherStoreAdmin })).status).toBe(404);
    expect(
      (await call(t, "POST", path("ship-back"), { actor: otherStoreAdmin, body: { trackingNumber: "R3" } })).status,
    ).toBe(404);
    expect((await call(t, "POST", path("receive"), { actor: buyer })).status).toBe(403);
    const balance = await balanceOf(vendorA);
    const received = await call(t, "POST", path("receive"), { actor: va });
    expect(received.status).toBe(200);
    expect(received.body.data).toMatchObject({
      status: "received",
      refundAmount: 3000,
      refundId: expect.any(String),
      lines: [{ orderLineId: lineA?.lineItemId, quantity: 1 }],
    });
    // 3000 refunded, 300 commission given back.
    expect(await balanceOf(vendorA)).toBe(balance - 2700);
    const refunds = (await call(t, "GET", `/api/orders/${order.id}/refunds`)).body.data;
    expect(refunds.map((refund: { id: string }) => refund.id)).toContain(received.body.data.refundId);
    expect((await call(t, "POST", path("receive"), { actor: va })).status).toBe(409);
    expect(await eventTypes(t.db, opened.body.data.id)).toEqual([
      "marketplace.returnOpen",
      "marketplace.returnStatusChange",
      "marketplace.returnStatusChange",
    ]);
  });

  it("takes reviews from buyers only, one per sub-order, moderated by staff", async () => {
    const reviews = (vendorId: string) => `/api/marketplace/vendors/${vendorId}/reviews`;
    const before = await marketplaceTraces(t.db);
    expect(
      (await call(t, "POST", reviews(vendorA), { actor: stranger, body: { subOrderId: subA, rating: 5 } })).status,
    ).toBe(403);
    expect(
      (await call(t, "POST", reviews(vendorB), { actor: buyer, body: { subOrderId: subA, rating: 5 } })).status,
    ).toBe(403);
    expect(
      (await call(t, "POST", reviews(vendorA), { actor: manager, body: { subOrderId: subA, rating: 5 } })).status,
    ).toBe(403);
    expect(
      (await call(t, "POST", reviews(vendorA), { actor: buyer, body: { subOrderId: subA, rating: 6 } })).status,
    ).toBe(422);
    expect(
      (await call(t, "POST", reviews(vendorA), { actor: otherStoreAdmin, body: { subOrderId: subA, rating: 5 } }))
        .status,
    ).toBe(404);
    expect(await marketplaceTraces(t.db)).toEqual(before);

    const created = await call(t, "POST", reviews(vendorA), {
      actor: buyer,
      body: { subOrderId: subA, rating: 4, title: "Good kettle" },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      vendorId: vendorA,
      customerId: "cust-1",
      rating: 4,
      status: "published",
    });
    expect(
      (await call(t, "POST", reviews(vendorA), { actor: buyer, body: { subOrderId: subA, rating: 1 } })).status,
    ).toBe(409);
    expect(
      (await call(t, "POST", reviews(vendorB), { actor: buyer, body: { subOrderId: subB, rating: 2 } })).status,
    ).toBe(201);

    // The public reads the reviewer's display name, never the buyer's id nor the moderation note (cust-1 has
    // no customer profile: "Verified buyer").
    const { customerId: _customerId, moderationNote: _note, ...shown } = created.body.data;
    expect(shown.reviewerName).toBe("Verified buyer");
    const listed = (await call(t, "GET", reviews(vendorA), { actor: null })).body.data;
    expect(listed).toEqual([shown]);
    expect(listed[0]).not.toHaveProperty("customerId");
    expect((await call(t, "GET", reviews(vendorA), { actor: manager })).body.data[0]).toMatchObject({
      customerId: "cust-1",
      moderationNote: null,
    });
    const hidden = await call(t, "PATCH", `${reviews(vendorA)}/${created.body.data.id}`, {
      actor: manager,
      body: { status: "hidden", moderationNote: "off topic" },
    });
    expect(hidden.body.data).toMatchObject({ status: "hidden", moderationNote: "off topic" });
    expect(
      (
        await call(t, "PATCH", `${reviews(vendorB)}/${created.body.data.id}`, {
          actor: manager,
          body: { status: "hidden" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(t, "PATCH", `${reviews(vendorA)}/${created.body.data.id}`, {
          actor: va,
          body: { status: "published" },
        })
      ).status,
    ).toBe(403);
    expect((await call(t, "GET", reviews(vendorA), { actor: null })).body.data).toEqual([]);
    expect((await call(t, "GET", `${reviews(vendorA)}?status=hidden`, { actor: manager })).body.data).toHaveLength(1);
    const own = await call(t, "GET", "/api/marketplace/vendor/me/reviews", { actor: va });
    expect(own.body.data.map((review: { id: string }) => review.id)).toEqual([created.body.data.id]);
    expect(
      (await call(t, "GET", "/api/marketplace/vendor/me/reviews", { actor: vb })).body.data.every(
        (review: { vendorId: string }) => review.vendorId === vendorB,
      ),
    ).toBe(true);
    expect(await eventTypes(t.db, created.body.data.id)).toEqual([
      "marketplace.reviewCreate",
      "marketplace.reviewUpdate",
    ]);
  });

  it("reports a vendor's performance", async () => {
    const performance = await call(t, "GET", `/api/marketplace/vendors/${vendorA}/performance`, { actor: manager });
    expect(performance.status).toBe(200);
    expect(performance.body.data).toEqual({
      vendorId: vendorA,
      subOrders: { total: 1, pending: 1, confirmed: 0, shipped: 0, delivered: 0, cancelled: 0 },
      cancellationRate: 0,
      sales: [{ currency: "EUR", gross: 6000, commission: 300, refunded: 3000 }],
      reviews: { count: 0, averageRating: null },
      disputes: { open: 0, total: 1 },
      returns: { open: 0, total: 1 },
    });
    expect(
      (await call(t, "GET", `/api/marketplace/vendors/${vendorB}/performance`, { actor: manager })).body.data.reviews,
    ).toEqual({ count: 1, averageRating: 2 });
  });

  it("answers sales and commission per vendor through the analytics query", async () => {
    const query = await call(t, "POST", "/api/analytics/query", {
      body: { model: "marketplaceSales", measures: ["gross", "commission", "subOrders"], dimensions: ["vendorName"] },
    });
    expect(query.status, JSON.stringify(query.body)).toBe(200);
    expect(query.body.data).toEqual(
      expect.arrayContaining([
        { vendorName: "after-a", gross: 6000, commission: 600, subOrders: 1 },
        { vendorName: "after-b", gross: 500, commission: 50, subOrders: 1 },
      ]),
    );
    const ledger = await call(t, "POST", "/api/analytics/query", {
      body: { model: "marketplaceLedger", measures: ["amount"], dimensions: ["vendorId", "kind"] },
    });
    expect(ledger.body.data).toEqual(
      expect.arrayContaining([
        { vendorId: vendorA, kind: "adjustment", amount: -500 },
        { vendorId: vendorA, kind: "sale", amount: 6000 },
      ]),
    );
  });
});
