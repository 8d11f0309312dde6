import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPluginTestApp, type TestApp } from "@unified-commerce/plugin-sdk/testing";
import { marketplace } from "./marketplace-plugin.js";
import {
  call,
  createVendor,
  manager,
  marketplaceTraces,
  placeOrder,
  vendorProduct,
  vendorUser,
} from "./marketplace-test-helpers.js";

type Method = "GET" | "PATCH" | "POST";

describe("vendor isolation: every /vendor/me route answers for the caller's vendor only", () => {
  let t: TestApp;
  let vendorA: string;
  let vendorB: string;
  let subB: string;
  let entityA: string;
  beforeAll(async () => {
    t = await createPluginTestApp(marketplace({ holdingPeriodDays: 0 }));
    vendorA = await createVendor(t, { slug: "iso-a", userIds: ["iso-a-user"] });
    vendorB = await createVendor(t, { slug: "iso-b", userIds: ["iso-b-user"] });
    entityA = await vendorProduct(t, { slug: "iso-lamp", price: 2000, vendorId: vendorA });
    const productB = await vendorProduct(t, { slug: "iso-rug", price: 3000, vendorId: vendorB });
    const order = await placeOrder(
      t,
      [
        { entityId: entityA, quantity: 1 },
        { entityId: productB, quantity: 1 },
      ],
      { customerId: "iso-buyer" },
    );
    const subs = (await call(t, "GET", `/api/marketplace/sub-orders?orderId=${order.id}`)).body.data as {
      id: string;
      vendorId: string;
    }[];
    subB = subs.find((sub) => sub.vendorId === vendorB)?.id ?? "";
    await call(t, "POST", "/api/marketplace/payouts/run", { body: {} });
    await call(t, "POST", `/api/marketplace/vendors/${vendorB}/reviews`, {
      actor: { id: "u", type: "user", organizationId: "default", permissions: [], customerId: "iso-buyer" },
      body: { subOrderId: subB, rating: 5 },
    });
  });
  afterAll(() => t.close());

  const meRoutes = (): [Method, string, unknown][] => [
    ["GET", "/api/marketplace/vendor/me", undefined],
    ["PATCH", "/api/marketplace/vendor/me", { description: "x" }],
    ["GET", "/api/marketplace/vendor/me/orders", undefined],
    ["GET", `/api/marketplace/vendor/me/orders/${subB}`, undefined],
    ["POST", `/api/marketplace/vendor/me/orders/${subB}/confirm`, {}],
    ["POST", `/api/marketplace/vendor/me/orders/${subB}/ship`, { trackingNumber: "T" }],
    ["POST", `/api/marketplace/vendor/me/orders/${subB}/deliver`, {}],
    ["POST", `/api/marketplace/vendor/me/orders/${subB}/cancel`, {}],
    ["GET", "/api/marketplace/vendor/me/payouts", undefined],
    ["GET", "/api/marketplace/vendor/me/balance", undefined],
    ["GET", "/api/marketplace/vendor/me/reviews", undefined],
  ];

  it("answers 404 to a user of no vendor, and to a vendor's user id in another store, writing nothing", async () => {
    const before = await marketplaceTraces(t.db);
    for (const actor of [vendorUser("no-vendor"), vendorUser("iso-b-user", "another-store")]) {
      for (const [method, url, body] of meRoutes())
        expect((await call(t, method, url, { actor, body })).status, `${actor.id} ${method} ${url}`).toBe(404);
    }
    expect(await marketplaceTraces(t.db)).toEqual(before);
  });

  it("shows vendor A none of vendor B's sub-orders, payouts, balance or reviews, and lets it move none of them", async () => {
    const a = vendorUser("iso-a-user");
    const before = await marketplaceTraces(t.db);
    for (const [method, url, body] of meRoutes().filter(([, url]) => url.includes(subB)))
      expect((await call(t, method, url, { actor: a, body })).status, url).toBe(404);
    expect(await marketplaceTraces(t.db)).toEqual(before);
    for (const url of [
      "/api/marketplace/vendor/me/orders",
      "/api/marketplace/vendor/me/payouts",
      "/api/marketplace/vendor/me/reviews",
    ]) {
      const listed = await call(t, "GET", url, { actor: a });
      expect(listed.status).toBe(200);
      expect(
        listed.body.data.every((row: { vendorId: string }) => row.vendorId === vendorA),
        url,
      ).toBe(true);
    }
    expect((await call(t, "GET", "/api/marketplace/vendor/me/payouts", { actor: a })).body.data).toHaveLength(1);
    expect((await call(t, "GET", "/api/marketplace/vendor/me/reviews", { actor: a })).body.data).toEqual([]);
    expect((await call(t, "GET", "/api/marketplace/vendor/me/balance", { actor: a })).body.data).toMatchObject({
      vendorId: vendorA,
      balances: [{ balance: 0 }],
    });
    // Vendor B's own view, for contrast.
    expect(
      (await call(t, "GET", "/api/marketplace/vendor/me/reviews", { actor: vendorUser("iso-b-user") })).body.data,
    ).toHaveLength(1);
  });

  it("lists, assigns and unassigns a vendor's catalog entities (one vendor per entity)", async () => {
    const listed = await call(t, "GET", `/api/marketplace/vendors/${vendorA}/entities`, { actor: manager });
    expect(listed.body.data).toEqual([expect.objectContaining({ vendorId: vendorA, entityId: entityA })]);
    expect(
      (await call(t, "PUT", `/api/marketplace/vendors/${vendorB}/entities/${entityA}`, { actor: manager })).status,
    ).toBe(409);
    expect(
      (
        await call(t, "PUT", `/api/marketplace/vendors/${vendorA}/entities/00000000-0000-4000-8000-000000000000`, {
          actor: manager,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(t, "DELETE", `/api/marketplace/vendors/${vendorB}/entities/${entityA}`, { actor: manager })).status,
    ).toBe(404);
    expect(
      (await call(t, "DELETE", `/api/marketplace/vendors/${vendorA}/entities/${entityA}`, { actor: manager })).status,
    ).toBe(200);
    expect(
      (await call(t, "PUT", `/api/marketplace/vendors/${vendorB}/entities/${entityA}`, { actor: manager })).status,
    ).toBe(200);
    expect(
      (await call(t, "GET", `/api/marketplace/vendors/${vendorA}/entities`, { actor: manager })).body.data,
    ).toEqual([]);
  });
});
