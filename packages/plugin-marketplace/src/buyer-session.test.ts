import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPluginTestAppWithAuth, type AuthPluginTestApp } from "@unified-commerce/plugin-sdk/testing";
import { marketplace } from "./marketplace-plugin.js";
import {
  bearer,
  call,
  createVendor,
  manager,
  marketplaceTraces,
  placeOrder,
  signUp,
  vendorProduct,
  type PlacedOrder,
} from "./marketplace-test-helpers.js";

// Regression: the buyer checks read `actor.customerId`, which the auth plugin never sets on a session, so
// a real signed-in customer could open no dispute, return or review. Buyers are now found as checkout and
// `/api/me` find them (the session's customer: its profile, else its user id).
describe("a real customer session opens disputes, returns and reviews on its own orders only", () => {
  let t: AuthPluginTestApp;
  let vendorId: string;
  let sam: { userId: string; token: string };
  let kim: { userId: string; token: string };
  let order: PlacedOrder;
  let subOrderId: string;
  beforeAll(async () => {
    t = await createPluginTestAppWithAuth(marketplace({ holdingPeriodDays: 0 }), {
      authConfig: {
        roles: {
          customer: {
            permissions: [
              "catalog:read",
              "cart:create",
              "cart:read",
              "cart:update",
              "orders:create",
              "orders:read:own",
            ],
          },
        },
      },
    });
    vendorId = await createVendor(t, { slug: "session-vendor" });
    const product = await vendorProduct(t, { slug: "session-lamp", price: 4000, vendorId });
    sam = await signUp(t, { email: "sam@shop.test", name: "Sam  van der Shopper" });
    kim = await signUp(t, { email: "kim@shop.test", name: "Kim" });
    order = await placeOrder(t, [{ entityId: product, quantity: 2 }], { session: sam.token });
    const subOrders = (await call(t, "GET", `/api/marketplace/sub-orders?orderId=${order.id}`, { actor: manager })).body
      .data as { id: string; customerId: string }[];
    expect(subOrders.map((row) => row.customerId)).toEqual([sam.userId]);
    subOrderId = subOrders[0]?.id ?? "";
  });
  afterAll(() => t.close());

  const line = () => order.lines[0]?.lineItemId;

  it("refuses another customer's session: 404 for a dispute or a return, 403 for a review, nothing written", async () => {
    const before = await marketplaceTraces(t.db);
    expect(
      (
        await call(t, "POST", "/api/marketplace/disputes", {
          ...bearer(kim.token),
          body: { subOrderId, reason: "not mine" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(t, "POST", "/api/marketplace/returns", {
          ...bearer(kim.token),
          body: { subOrderId, reason: "x", lines: [{ orderLineId: line(), quantity: 1 }] },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(t, "POST", `/api/marketplace/vendors/${vendorId}/reviews`, {
          ...bearer(kim.token),
          body: { subOrderId, rating: 1 },
        })
      ).status,
    ).toBe(403);
    expect(await marketplaceTraces(t.db)).toEqual(before);
  });

  it("opens a dispute and a return, and reviews, as the signed-in buyer", async () => {
    const dispute = await call(t, "POST", "/api/marketplace/disputes", {
      ...bearer(sam.token),
      body: { subOrderId, reason: "scratched" },
    });
    expect(dispute.status, JSON.stringify(dispute.body)).toBe(201);
    expect(dispute.body.data).toMatchObject({ status: "open", customerId: sam.userId, openedBy: sam.userId });
    expect(
      (
        await call(t, "POST", `/api/marketplace/disputes/${dispute.body.data.id}/escalate`, {
          ...bearer(sam.token),
          body: {},
        })
      ).body.data.status,
    ).toBe("escalated");

    const opened = await call(t, "POST", "/api/marketplace/returns", {
      ...bearer(sam.token),
      body: { subOrderId, reason: "too dim", lines: [{ orderLineId: line(), quantity: 1 }] },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const shipped = await call(t, "POST", `/api/marketplace/returns/${opened.body.data.id}/ship-back`, {
      ...bearer(sam.token),
      body: { trackingNumber: "RET-1" },
    });
    expect(shipped.body.data.status).toBe("shipped_back");
    // Another customer's session is no party to Sam's return either.
    expect(
      (
        await call(t, "POST", `/api/marketplace/returns/${opened.body.data.id}/ship-back`, {
          ...bearer(kim.token),
          body: { trackingNumber: "X" },
        })
      ).status,
    ).toBe(404);

    const review = await call(t, "POST", `/api/marketplace/vendors/${vendorId}/reviews`, {
      ...bearer(sam.token),
      body: { subOrderId, rating: 5, title: "Bright" },
    });
    expect(review.status, JSON.stringify(review.body)).toBe(201);
    expect(review.body.data).toMatchObject({ customerId: sam.userId, reviewerName: "Sam S.", rating: 5 });
  });

  it("shows the public the reviewer's display name, never the buyer's customer id", async () => {
    const listed = await call(t, "GET", `/api/marketplace/vendors/${vendorId}/reviews`, { actor: null });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0]).toMatchObject({ reviewerName: "Sam S.", rating: 5, title: "Bright" });
    expect(listed.body.data[0]).not.toHaveProperty("customerId");
    expect(listed.body.data[0]).not.toHaveProperty("moderationNote");
    expect(JSON.stringify(listed.body)).not.toContain(sam.userId);
    // Signed in as another customer changes nothing; staff see the buyer.
    expect(
      (await call(t, "GET", `/api/marketplace/vendors/${vendorId}/reviews`, bearer(kim.token))).body.data[0],
    ).not.toHaveProperty("customerId");
    expect(
      (await call(t, "GET", `/api/marketplace/vendors/${vendorId}/reviews`, { actor: manager })).body.data[0],
    ).toMatchObject({ customerId: sam.userId });
  });
});
