import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, defineHook, definePlugin, type Order } from "./index.js";
import { createPluginTestApp, createTestActor, jsonHeaders, testAdminActor, type TestApp } from "./testing.js";

/**
 * A store's plugin on the checkout hooks, written with the SDK only: it caps orders at 3 units, marks
 * every line as a gift, and tells a (failing) loyalty service about each order after commit.
 */
const placed: Order[] = [];
const giftShop = definePlugin({
  id: "gift-shop",
  version: "1.0.0",
  dependencies: ["checkout"],
  hooks: [
    defineHook("checkout.beforeCreate", ({ order, cart }) => {
      const units = order.lines.reduce((sum, line) => sum + line.quantity, 0);
      if (units > 3)
        throw new AppError("FORBIDDEN", { message: `Gift orders hold at most 3 units (this one has ${units})` });
      return {
        cart,
        order: { ...order, lines: order.lines.map((line) => ({ ...line, title: `Gift: ${line.title}` })) },
      };
    }),
    defineHook("orders.afterCreate", (order) => {
      placed.push(order);
      if (order.total > 5_000) throw new Error("loyalty service unavailable");
    }),
  ],
});

const shopper = createTestActor({
  id: "sdk-shopper",
  customerId: "sdk-customer",
  permissions: ["cart:create", "cart:update", "orders:create"],
});

describe("checkout hooks through plugin-sdk", () => {
  let t: TestApp;
  let entityId: string;
  beforeAll(async () => {
    t = await createPluginTestApp(giftShop);
    const send = async (method: "POST", url: string, body: unknown, actor = testAdminActor) =>
      (await t.app.inject({ method, url, headers: jsonHeaders(actor), payload: JSON.stringify(body) })).json();
    entityId = (
      await send("POST", "/api/catalog/entities", {
        type: "product",
        slug: "card",
        status: "active",
        attributes: { en: { title: "Card" } },
      })
    ).data.id;
    await send("POST", "/api/pricing/prices", { entityId, currency: "EUR", amount: 2000 });
    const warehouseId = (await send("POST", "/api/inventory/warehouses", { name: "Main", code: "main" })).data.id;
    await send("POST", "/api/inventory/adjust", { entityId, warehouseId, type: "restock", quantity: 20 });
  });
  afterAll(() => t.close());

  const checkoutOf = async (quantity: number) => {
    const post = async (url: string, body: unknown) =>
      t.app.inject({ method: "POST", url, headers: jsonHeaders(shopper), payload: JSON.stringify(body) });
    const cartId = (await post("/api/carts", { currency: "EUR" })).json().data.id;
    await post(`/api/carts/${cartId}/items`, { entityId, quantity });
    return post("/api/checkout", { cartId, paymentMethodId: "manual", currency: "EUR" });
  };

  it("writes the order as the before-hook changed it, and runs the after-hook once it committed", async () => {
    const answer = await checkoutOf(2);
    expect(answer.statusCode).toBe(201);
    expect(answer.json().data.lines[0]).toMatchObject({ title: "Gift: Card", quantity: 2 });
    expect(answer.json().meta).toBeUndefined();
    expect(placed.at(-1)?.number).toBe(answer.json().data.number);
  });

  it("answers the before-hook's refusal as 422 CHECKOUT_FAILED with its message", async () => {
    const answer = await checkoutOf(4);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error).toMatchObject({
      code: "CHECKOUT_FAILED",
      message: "Gift orders hold at most 3 units (this one has 4)",
      details: { reason: "REFUSED_BY_HOOK" },
    });
  });

  it("keeps the order when the after-hook fails, reporting it in meta.hookErrors", async () => {
    const answer = await checkoutOf(3);
    expect(answer.statusCode).toBe(201);
    expect(answer.json().meta.hookErrors).toEqual([
      { key: "orders.afterCreate", message: "loyalty service unavailable" },
    ]);
  });
});
