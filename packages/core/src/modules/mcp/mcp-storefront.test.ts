import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, jsonHeaders, testAdminActor, type TestApp } from "../../testing/index.js";
import { createWarehouse, stockedProduct } from "../checkout/testing.js";
import { dataOf, listen, probe, resultOf, type ProbeStep } from "./mcp-test-helpers.js";

/** A signed-in customer (a session): their cart and orders are theirs without a cart token. */
const customer = (id: string) =>
  createTestActor({
    id,
    customerId: id,
    permissions: ["catalog:read", "cart:create", "cart:read", "cart:update", "orders:create", "orders:read:own"],
  });
const ada = customer("mcp-ada");
const bob = customer("mcp-bob");
const staff = createTestActor({
  id: "mcp-stock-staff",
  type: "apiKey",
  permissions: ["analytics:read", "inventory:read"],
});

const call = (name: string, args: Record<string, unknown>): ProbeStep => ({ callTool: { name, arguments: args } });

describe("commerce MCP storefront tools", () => {
  let t: TestApp;
  let url: string;
  let entityId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const warehouseId = await createWarehouse(t.app, "mcp-shop");
    entityId = await stockedProduct(t.app, { slug: "mcp-linen-shirt", warehouseId, price: 2000, onHand: 20 });
    const promotion = await t.app.inject({
      method: "POST",
      url: "/api/promotions",
      headers: jsonHeaders(testAdminActor),
      payload: { code: "TENOFF", name: "Ten", type: "percentage_off_order", value: 10 },
    });
    expect(promotion.statusCode).toBe(201);
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  it("changes and removes cart lines and previews a promotion code without redeeming it", async () => {
    const outcomes = await probe(url, ada, [
      call("create_cart", { currency: "EUR" }),
      call("add_cart_item", { cartId: "$0.structuredContent.id", entityId, quantity: 1 }),
      call("update_cart_item", {
        cartId: "$0.structuredContent.id",
        itemId: "$1.structuredContent.cart.items.0.id",
        quantity: 3,
      }),
      call("get_cart", { cartId: "$0.structuredContent.id", promotionCodes: ["TENOFF"] }),
      call("get_cart", { cartId: "$0.structuredContent.id", promotionCodes: ["NOPE"] }),
      call("update_cart_item", {
        cartId: "$0.structuredContent.id",
        itemId: "$1.structuredContent.cart.items.0.id",
        quantity: 0,
      }),
    ]);
    expect(dataOf(outcomes[2]).cart).toMatchObject({ subtotal: 6000 });
    expect(dataOf(outcomes[3]).cart).toMatchObject({
      subtotal: 6000,
      discountTotal: 600,
      total: 5400,
      promotions: [{ code: "TENOFF", isApplicable: true, discount: 600 }],
    });
    expect(resultOf(outcomes[4])).toMatchObject({ isError: true });
    expect(dataOf(outcomes[5]).cart).toMatchObject({ items: [], subtotal: 0 });
    const used = await sql<{ used: number }>`select used from promotions where code = 'TENOFF'`.execute(t.db);
    expect(used.rows[0]?.used).toBe(0);
  });

  it("tracks a signed-in customer's own order by number, and no one else's", async () => {
    const outcomes = await probe(url, ada, [
      call("create_cart", { currency: "EUR" }),
      call("add_cart_item", { cartId: "$0.structuredContent.id", entityId, quantity: 2 }),
      call("checkout", {
        cartId: "$0.structuredContent.id",
        paymentMethodId: "manual",
        currency: "EUR",
        promotionCodes: ["TENOFF"],
        idempotencyKey: randomUUID(),
      }),
      call("track_order", { idOrNumber: "$2.structuredContent.number" }),
    ]);
    const order = dataOf(outcomes[2]);
    expect(order).toMatchObject({ subtotal: 4000, discountTotal: 400, customerId: "mcp-ada" });
    expect(dataOf(outcomes[3])).toMatchObject({
      orderId: order.id,
      number: order.number,
      status: "pending",
      shipments: [],
    });
    const [other] = await probe(url, bob, [call("track_order", { idOrNumber: order.number })]);
    expect(resultOf(other)).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/^NOT_FOUND/) }] });
  });

  it("does not let another shopper reach a cart without its token", async () => {
    const [created] = await probe(url, ada, [call("create_cart", { currency: "EUR" })]);
    const cartId = dataOf(created).id;
    const [reached] = await probe(url, bob, [call("add_cart_item", { cartId, entityId, quantity: 1 })]);
    expect(resultOf(reached)).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/^NOT_FOUND/) }],
    });
  });

  it("lists low stock for staff as the reorder-needed report", async () => {
    const [low] = await probe(url, staff, [call("list_low_stock", { lookbackDays: 7 })]);
    expect(dataOf(low)).toMatchObject({
      name: "reorder-needed",
      parameters: { lookbackDays: 7 },
      rows: expect.any(Array),
    });
  });

  // Last: once the store has a shipping option, its shippable carts need one at checkout.
  it("lets a shopper's agent list and choose shipping, and checks it out with the shipping charged", async () => {
    const admin = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url, headers: jsonHeaders(testAdminActor), payload });
    const zone = (await admin("/api/shipping/zones", { name: "Germany", countries: ["DE"] })).json().data;
    const option = (
      await admin("/api/shipping/options", {
        name: "Standard",
        zoneId: zone.id,
        calculator: "flat",
        rates: { EUR: { amount: 500 } },
      })
    ).json().data;
    const address = { line1: "Unter den Linden 1", city: "Berlin", postalCode: "10117", country: "DE" };
    const outcomes = await probe(url, ada, [
      call("create_cart", { currency: "EUR" }),
      call("add_cart_item", { cartId: "$0.structuredContent.id", entityId, quantity: 1 }),
      call("set_cart_shipping", { cartId: "$0.structuredContent.id", address }),
      call("list_shipping_options", { cartId: "$0.structuredContent.id" }),
      call("set_cart_shipping", { cartId: "$0.structuredContent.id", address, optionIds: [option.id] }),
      call("checkout", {
        cartId: "$0.structuredContent.id",
        paymentMethodId: "manual",
        currency: "EUR",
        idempotencyKey: randomUUID(),
      }),
    ]);
    expect(dataOf(outcomes[3])).toMatchObject({
      isRequired: true,
      groups: [{ options: [{ id: option.id, amount: 500, gross: 500 }] }],
    });
    expect(dataOf(outcomes[4]).cart).toMatchObject({ shippingTotal: 500, total: 2500 });
    expect(dataOf(outcomes[5])).toMatchObject({
      shippingTotal: 500,
      total: 2500,
      shippingMethods: [{ optionId: option.id }],
    });
  });
});
