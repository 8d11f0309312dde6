import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, isPostgresTestRun, type TestApp } from "../../testing/index.js";
import { cartCall } from "../carts/testing.js";
import { call, createEntity } from "../catalog/testing.js";
import { createWarehouse, stockedProduct } from "../checkout/testing.js";
import type { CreateOrderLineInput, Order } from "../orders/index.js";
import { adminApiKey, CUSTOMER_PERMISSIONS, customer, meCall, orderOf } from "./me-test-helpers.js";

const ann = customer("ann");
const bob = customer("bob");

/** An order line as checkout writes it, at the price of the day it was placed. */
const line = (
  entityId: string,
  variantId: string | null,
  title: string,
  quantity: number,
  unitPrice: number,
): CreateOrderLineInput => ({
  entityId,
  variantId,
  title,
  sku: null,
  quantity,
  unitPrice,
  subtotal: unitPrice * quantity,
  discount: 0,
  tax: 0,
  total: unitPrice * quantity,
  taxRateBps: 0,
});

describe("POST /api/me/orders/:orderId/reorder", () => {
  let t: TestApp;
  const ids = { mug: "", tea: "", teaSmall: "", lamp: "", draft: "", chair: "", usdOnly: "" };
  let lines: CreateOrderLineInput[] = [];

  const price = async (entityId: string, amount: number, currency = "EUR") => {
    const response = await call(t.app, "POST", "/api/pricing/prices", { body: { entityId, currency, amount } });
    if (response.status >= 300) throw new Error(`price not set: ${JSON.stringify(response.body)}`);
  };
  const count = async (table: "carts" | "cart_items" | "domain_events") =>
    (await sql<{ count: number }>`select count(*)::int as count from ${sql.table(table)}`.execute(t.db)).rows[0]?.count;
  const traces = async () => ({
    carts: await count("carts"),
    items: await count("cart_items"),
    events: await count("domain_events"),
  });
  /** An earlier order of `actor` holding every line of the catalog above. */
  const earlierOrder = (actor = ann): Promise<Order> => {
    const total = lines.reduce((sum, item) => sum + item.total, 0);
    return orderOf(t.kernel, actor, {
      status: "fulfilled",
      isTaxInclusive: false,
      promotionCodes: [],
      subtotal: total,
      discountTotal: 0,
      taxTotal: 0,
      total,
      lines,
    });
  };
  const reorder = (orderId: string, actor = ann, headers: Record<string, string> = {}) =>
    cartCall(t.app, "POST", `/api/me/orders/${orderId}/reorder`, { actor, body: {}, headers });

  beforeAll(async () => {
    t = await createTestApp();
    ids.mug = await createEntity(t.app, { slug: "mug", attributes: { en: { title: "Mug" } } });
    await price(ids.mug, 1200);
    ids.tea = await createEntity(t.app, { slug: "tea", attributes: { en: { title: "Tea" } } });
    await price(ids.tea, 500);
    const variants = await call(t.app, "POST", `/api/catalog/entities/${ids.tea}/variants/bulk`, {
      body: { axes: [{ name: "Size", values: ["S", "M"] }] },
    });
    ids.teaSmall = variants.body.data.created[0].id;
    ids.lamp = await createEntity(t.app, { slug: "lamp" });
    await price(ids.lamp, 3000);
    expect((await call(t.app, "POST", `/api/catalog/entities/${ids.lamp}/discontinue`)).status).toBe(200);
    ids.draft = await createEntity(t.app, { slug: "draft-vase", status: "draft" });
    await price(ids.draft, 800);
    ids.chair = await createEntity(t.app, { slug: "chair" });
    await price(ids.chair, 9000);
    ids.usdOnly = await createEntity(t.app, { slug: "usd-only" });
    await price(ids.usdOnly, 700, "USD");
    lines = [
      line(ids.mug, null, "Mug", 2, 1000),
      line(ids.tea, ids.teaSmall, "Tea (S)", 3, 450),
      line(ids.lamp, null, "Lamp", 1, 2800),
      line(ids.draft, null, "Vase", 1, 800),
      line(ids.chair, null, "Chair", 1, 9000),
      line(ids.usdOnly, null, "Import", 1, 700),
    ];
    // Sold once, since deleted.
    expect((await call(t.app, "DELETE", `/api/catalog/entities/${ids.chair}`)).status).toBe(200);
  });
  afterAll(() => t.close());

  it("makes a new cart of the customer at today's prices, leaving out what is no longer sold and saying why", async () => {
    const order = await earlierOrder();
    const before = await traces();
    const response = await reorder(order.id);
    expect(response.status).toBe(201);
    const cart = response.body.data;
    expect(cart).toMatchObject({ status: "open", currency: "EUR", customerId: "user-ann", orderId: null });
    expect(cart.cartToken).toEqual(expect.any(String));
    // Lines added in one transaction share their creation time, so the cart lists them by id: compare as a set.
    const items = cart.items.map(
      ({ entityId, variantId, quantity, unitPrice, isAvailable }: Record<string, unknown>) => ({
        entityId,
        variantId,
        quantity,
        unitPrice,
        isAvailable,
      }),
    );
    expect(items).toHaveLength(2);
    expect(items).toEqual(
      expect.arrayContaining([
        // Today's prices (1200, not the 1000 paid then), the quantities ordered.
        { entityId: ids.mug, variantId: null, quantity: 2, unitPrice: 1200, isAvailable: true },
        { entityId: ids.tea, variantId: ids.teaSmall, quantity: 3, unitPrice: 500, isAvailable: true },
      ]),
    );
    expect(cart.total).toBe(2 * 1200 + 3 * 500);
    expect(response.body.meta.skipped).toEqual([
      { entityId: ids.lamp, variantId: null, title: "Lamp", quantity: 1, reason: "discontinued" },
      { entityId: ids.draft, variantId: null, title: "Vase", quantity: 1, reason: "unpublished" },
      { entityId: ids.chair, variantId: null, title: "Chair", quantity: 1, reason: "deleted" },
      { entityId: ids.usdOnly, variantId: null, title: "Import", quantity: 1, reason: "no_price" },
    ]);
    // One cart, its two lines, one cart.afterAddItem per line.
    expect(await traces()).toEqual({
      carts: (before.carts ?? 0) + 1,
      items: (before.items ?? 0) + 2,
      events: (before.events ?? 0) + 2,
    });

    // The cart is the customer's: their session reaches it without the token; another customer's does not.
    expect((await cartCall(t.app, "GET", `/api/carts/${cart.id}`, { actor: ann })).status).toBe(200);
    expect((await cartCall(t.app, "GET", `/api/carts/${cart.id}`, { actor: bob })).status).toBe(404);
    // The earlier order is untouched.
    expect((await meCall(t.app, "GET", `/api/me/orders/${order.id}`, { actor: ann })).body.data).toEqual(order);
  });

  it("makes a new cart each time, by order number too", async () => {
    const order = await earlierOrder();
    const first = await reorder(order.id);
    const second = await reorder(order.number);
    expect(second.status).toBe(201);
    expect(second.body.data.id).not.toBe(first.body.data.id);
    expect(second.body.data.items).toHaveLength(2);
  });

  it("makes no cart when nothing of the order is sold any more (409 naming every line)", async () => {
    const total = 2800 + 9000;
    const order = await orderOf(t.kernel, ann, {
      status: "fulfilled",
      isTaxInclusive: false,
      promotionCodes: [],
      subtotal: total,
      discountTotal: 0,
      taxTotal: 0,
      total,
      lines: [line(ids.lamp, null, "Lamp", 1, 2800), line(ids.chair, null, "Chair", 1, 9000)],
    });
    const before = await traces();
    const response = await reorder(order.id);
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({
      code: "CONFLICT",
      details: {
        skipped: [
          expect.objectContaining({ entityId: ids.lamp, reason: "discontinued" }),
          expect.objectContaining({ entityId: ids.chair, reason: "deleted" }),
        ],
      },
    });
    expect(await traces()).toEqual(before);
  });

  it("refuses another customer's order (404), API keys (401) and customers without cart:create (403), making nothing", async () => {
    const order = await earlierOrder();
    const elsewhere = customer("ann", { organizationId: "other-store" });
    const before = await traces();
    for (const id of [order.id, order.number]) {
      const response = await reorder(id, bob);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
    }
    expect((await reorder(order.id, elsewhere)).status).toBe(404);
    expect((await reorder(order.id, adminApiKey)).status).toBe(401);
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/me/orders/${order.id}/reorder`,
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(anonymous.statusCode).toBe(401);
    const noCarts = customer("ann", {
      permissions: CUSTOMER_PERMISSIONS.filter((permission) => permission !== "cart:create"),
    });
    const refused = await reorder(order.id, noCarts);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");
    for (const id of ["not-an-order", "00000000-0000-4000-8000-000000000000", "ORD-1"])
      expect((await reorder(id)).status, id).toBe(404);
    for (const id of ["x".repeat(65), "a%00b"]) expect((await reorder(id)).status, id).toBe(422);
    expect(await traces()).toEqual(before);
  });

  it("replays the same cart for a repeated Idempotency-Key", async () => {
    const order = await earlierOrder();
    const before = await traces();
    const first = await reorder(order.id, ann, { "idempotency-key": `reorder-${order.id}` });
    const again = await reorder(order.id, ann, { "idempotency-key": `reorder-${order.id}` });
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await traces()).carts).toBe((before.carts ?? 0) + 1);
  });

  it("buys again an order placed through checkout", async () => {
    const warehouseId = await createWarehouse(t.app, "reorder-main");
    const kettle = await stockedProduct(t.app, {
      slug: "kettle",
      warehouseId,
      price: 2500,
      onHand: 5,
      title: "Kettle",
    });
    const created = await cartCall(t.app, "POST", "/api/carts", { actor: ann, body: { currency: "EUR" } });
    expect(created.body.data.customerId).toBe("user-ann");
    await cartCall(t.app, "POST", `/api/carts/${created.body.data.id}/items`, {
      actor: ann,
      body: { entityId: kettle, quantity: 2 },
    });
    const placed = await cartCall(t.app, "POST", "/api/checkout", {
      actor: ann,
      body: { cartId: created.body.data.id, paymentMethodId: "manual", currency: "EUR" },
    });
    expect(placed.status).toBe(201);
    const number = placed.body.data.number as string;

    const mine = await meCall(t.app, "GET", "/api/me/orders?status=pending", { actor: ann });
    expect(mine.body.data.map((order: { number: string }) => order.number)).toContain(number);
    await call(t.app, "POST", `/api/pricing/prices`, { body: { entityId: kettle, currency: "EUR", amount: 2700 } });
    const again = await reorder(number);
    expect(again.status).toBe(201);
    expect(again.body.data.items).toMatchObject([{ entityId: kettle, quantity: 2, unitPrice: 2700 }]);
    expect(again.body.meta.skipped).toEqual([]);
  });

  it.skipIf(!isPostgresTestRun())("gives 20 concurrent reorders of one order 20 separate, complete carts", async () => {
    const order = await earlierOrder();
    const before = await traces();
    const responses = await Promise.all(Array.from({ length: 20 }, () => reorder(order.id)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    const cartIds = new Set(responses.map((response) => response.body.data.id));
    expect(cartIds.size).toBe(20);
    for (const response of responses)
      expect(response.body.data.items.map((item: { quantity: number }) => item.quantity).sort()).toEqual([2, 3]);
    expect(await traces()).toEqual({
      carts: (before.carts ?? 0) + 20,
      items: (before.items ?? 0) + 40,
      events: (before.events ?? 0) + 40,
    });
  });
});
