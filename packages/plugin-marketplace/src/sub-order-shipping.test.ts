import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPluginTestApp, type TestApp } from "@unified-commerce/plugin-sdk/testing";
import { marketplace } from "./marketplace-plugin.js";
import { call, createVendor, manager, otherStoreAdmin, vendorProduct, vendorUser } from "./marketplace-test-helpers.js";

interface ShippingShare {
  optionId: string;
  name: string;
  gross: number;
  tax: number;
}

describe("sub-orders carry each vendor's shipping methods", () => {
  let t: TestApp;
  const vendor = { a: "", b: "" };
  const product = { mug: "", ebook: "", spoon: "", table: "", gift: "" };
  const option = { parcel: "", freight: "" };

  beforeAll(async () => {
    t = await createPluginTestApp(marketplace({ holdingPeriodDays: 0 }));
    vendor.a = await createVendor(t, { slug: "ship-a", userIds: ["sa"] });
    vendor.b = await createVendor(t, { slug: "ship-b", userIds: ["sb"] });
    product.mug = await vendorProduct(t, { slug: "ship-mug", price: 1000, vendorId: vendor.a });
    product.ebook = await vendorProduct(t, { slug: "ship-ebook", price: 700, vendorId: vendor.a });
    product.spoon = await vendorProduct(t, { slug: "ship-spoon", price: 3000, vendorId: vendor.b });
    product.table = await vendorProduct(t, { slug: "ship-table", price: 10000, vendorId: vendor.b });
    product.gift = await vendorProduct(t, { slug: "ship-gift", price: 500 });
    // Parcel ships the default profile, Freight the bulky one (the table); the e-book does not ship.
    const zone = await call(t, "POST", "/api/shipping/zones", { body: { name: "Germany", countries: ["DE"] } });
    const bulky = await call(t, "POST", "/api/shipping/profiles", { body: { name: "bulky" } });
    expect([zone.status, bulky.status]).toEqual([201, 201]);
    const create = async (name: string, amount: number, profileId?: string) => {
      const created = await call(t, "POST", "/api/shipping/options", {
        body: {
          name,
          zoneId: zone.body.data.id,
          calculator: "flat",
          rates: { EUR: { amount } },
          ...(profileId ? { profileId } : {}),
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.data.id as string;
    };
    option.parcel = await create("Parcel", 999);
    option.freight = await create("Freight", 2000, bulky.body.data.id);
    for (const body of [
      { entityId: product.table, profileId: bulky.body.data.id },
      { entityId: product.ebook, requiresShipping: false },
    ])
      expect((await call(t, "PUT", "/api/shipping/attributes", { body })).status).toBe(200);
  });
  afterAll(() => t.close());

  it("gives each vendor the methods that ship its lines, with a share of their price by its lines' totals", async () => {
    const cart = await call(t, "POST", "/api/carts", { body: { currency: "EUR" } });
    const headers = { "x-cart-token": cart.body.data.cartToken as string };
    const cartUrl = `/api/carts/${cart.body.data.id}`;
    for (const entityId of Object.values(product))
      expect((await call(t, "POST", `${cartUrl}/items`, { headers, body: { entityId, quantity: 1 } })).status).toBe(
        200,
      );
    const address = { line1: "1 Main St", city: "Berlin", postalCode: "10115", country: "DE" };
    const chosen = await call(t, "PUT", `${cartUrl}/shipping`, {
      headers,
      body: { address, optionIds: [option.parcel, option.freight] },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const placed = await call(t, "POST", "/api/checkout", {
      headers,
      body: { cartId: cart.body.data.id, paymentMethodId: "manual", currency: "EUR" },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data;
    expect(order.shippingTotal).toBe(2999);

    const listed = await call(t, "GET", `/api/marketplace/sub-orders?orderId=${order.id}`, { actor: manager });
    const byVendor = new Map<
      string,
      { id: string; shippingMethods: ShippingShare[]; shippingTotal: number; total: number; vendorTotal: number }
    >(listed.body.data.map((sub: { vendorId: string }) => [sub.vendorId, sub]));
    // Parcel ships mug (1000), spoon (3000) and the store's gift (500): A gets 999 × 1000/4500 = 222,
    // B 999 × 3000/4500 = 666; the gift's share and the rounding stay the marketplace's. The e-book ships
    // with nothing, so it weighs nothing. Freight ships the table alone: B's in full.
    const a = byVendor.get(vendor.a);
    expect(a).toMatchObject({ total: 1700, shippingTotal: 222, vendorTotal: 1700 + 222 });
    expect(a?.shippingMethods).toEqual([
      {
        optionId: option.parcel,
        profileId: expect.any(String),
        name: "Parcel",
        isPickup: false,
        warehouseId: null,
        gross: 222,
        tax: 0,
      },
    ]);
    const b = byVendor.get(vendor.b);
    expect(b).toMatchObject({ total: 13000, shippingTotal: 666 + 2000 });
    expect(b?.shippingMethods.map((method) => [method.name, method.gross])).toEqual([
      ["Parcel", 666],
      ["Freight", 2000],
    ]);
    // The vendor sees its own methods, and another store sees nothing of them.
    const own = await call(t, "GET", `/api/marketplace/vendor/me/orders/${a?.id}`, { actor: vendorUser("sa") });
    expect(own.body.data.shippingMethods).toEqual(a?.shippingMethods);
    expect((await call(t, "GET", `/api/marketplace/sub-orders/${a?.id}`, { actor: otherStoreAdmin })).status).toBe(404);

    // Paid: each vendor's sale in the ledger includes its shipping share (no commission rules here).
    expect((await call(t, "PATCH", `/api/orders/${order.id}/status`, { body: { status: "confirmed" } })).status).toBe(
      200,
    );
    const sales = await sql<{ vendor: string; amount: string }>`
      select vendor_id as vendor, amount from marketplace_ledger where kind = 'sale' order by amount`.execute(t.db);
    expect(sales.rows.map((row) => [row.vendor, Number(row.amount)])).toEqual([
      [vendor.a, 1922],
      [vendor.b, 15666],
    ]);
  });

  it("gives no shipping to the sub-orders of an order without shipping methods", async () => {
    const cart = await call(t, "POST", "/api/carts", { body: { currency: "EUR" } });
    const headers = { "x-cart-token": cart.body.data.cartToken as string };
    await call(t, "POST", `/api/carts/${cart.body.data.id}/items`, {
      headers,
      body: { entityId: product.ebook, quantity: 1 },
    });
    const placed = await call(t, "POST", "/api/checkout", {
      headers,
      body: { cartId: cart.body.data.id, paymentMethodId: "manual", currency: "EUR" },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const listed = await call(t, "GET", `/api/marketplace/sub-orders?orderId=${placed.body.data.id}`, {
      actor: manager,
    });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ vendorId: vendor.a, shippingMethods: [], shippingTotal: 0 }),
    ]);
  });
});
