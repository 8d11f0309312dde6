import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../kernel/app-error.js";
import { defineHook } from "../../kernel/hook-runner.js";
import { definePlugin } from "../../kernel/plugin.js";
import { createTestActor, createTestApp, isPostgresTestRun, type TestApp } from "../../testing/index.js";
import { call, otherOrgAdmin } from "../catalog/testing.js";
import { cartCall, cartStaff, shopper, storefrontKey } from "../carts/testing.js";
import { cartWith, checkout, checkoutTraces, createWarehouse, stockedProduct } from "./checkout-test-helpers.js";

/** What the test plugin's hooks do on the next checkout. */
let hookMode: "none" | "refuse" | "surcharge" | "resell" | "crash-after" | "read-plan-mode" = "none";
const afterCreates: { number: string; isCommitted: boolean }[] = [];
/** `plan_cache_mode` as the checkout's transaction had it, read by the hook in `read-plan-mode`. */
let planModeSeen: string | undefined;

// A plugin on the two hook points, as a store's own code would be: it refuses, changes the order
// (titles in capitals and a 100 minor-unit loyalty discount on the first line), tries to sell something
// else, and fails after commit.
const checkoutGuard = definePlugin({
  id: "checkout-guard",
  version: "1.0.0",
  dependencies: ["checkout"],
  hooks: [
    defineHook("checkout.beforeCreate", async ({ order, cart }, { trx }) => {
      if (hookMode === "read-plan-mode")
        planModeSeen = (await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(trx))
          .rows[0]?.mode;
      if (hookMode === "refuse") throw new AppError("FORBIDDEN", { message: `Cart ${cart.id} is on the blocklist` });
      if (hookMode === "resell")
        return {
          cart,
          order: { ...order, lines: order.lines.map((line) => ({ ...line, quantity: line.quantity + 1 })) },
        };
      if (hookMode !== "surcharge") return;
      const [first, ...rest] = order.lines;
      if (!first) return;
      const discounted = {
        ...first,
        title: first.title.toUpperCase(),
        discount: first.discount + 100,
        total: first.total - 100,
      };
      return {
        cart,
        order: {
          ...order,
          lines: [discounted, ...rest],
          discountTotal: order.discountTotal + 100,
          total: order.total - 100,
        },
      };
    }),
    defineHook("orders.afterCreate", async (order, { services, organizationId }) => {
      const stored = await services.orders.get(organizationId, order.id).then(
        () => true,
        () => false,
      );
      afterCreates.push({ number: order.number, isCommitted: stored });
      if (hookMode === "crash-after") throw new AppError("CONFLICT", { message: "the loyalty service is down" });
    }),
  ],
});

describe("checkout", () => {
  let t: TestApp;
  let warehouseId: string;
  let shirt: string;
  let mug: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { plugins: [checkoutGuard] } });
    warehouseId = await createWarehouse(t.app);
    shirt = await stockedProduct(t.app, { slug: "shirt", title: "Shirt", warehouseId, price: 2000, onHand: 50 });
    mug = await stockedProduct(t.app, { slug: "mug", title: "Mug", warehouseId, price: 999, onHand: 50 });
    await call(t.app, "POST", "/api/tax/classes", { body: { name: "standard", rateBps: 2000, isDefault: true } });
    await call(t.app, "POST", "/api/promotions", {
      body: { code: "TENOFF", name: "Ten", type: "percentage_off_order", value: 10 },
    });
  });
  beforeEach(() => {
    hookMode = "none";
  });
  afterAll(() => t.close());

  const onHand = async (entityId: string) =>
    Number(
      (
        await sql<{
          onHand: string;
        }>`select sum(on_hand) as "onHand" from inventory_levels where entity_id = ${entityId}`.execute(t.db)
      ).rows[0]?.onHand,
    );

  it("turns a cart into a pending order with server prices, the discount and tax per line, stock taken, a payment intent and the cart frozen", async () => {
    const cart = await cartWith(t.app, [
      { entityId: shirt, quantity: 2, unitPriceSnapshot: 1 },
      { entityId: mug, quantity: 1 },
    ]);
    const before = { shirt: await onHand(shirt), mug: await onHand(mug) };
    const placed = await checkout(t.app, cart, {
      promotionCodes: ["TENOFF"],
      shippingAddress: { line1: "1 Main St", city: "Paris", postalCode: "75001", country: "FR" },
    });
    expect(placed.status).toBe(201);
    const order = placed.body.data;
    expect(order.number).toMatch(/^ORD-\d{4}-\d{6}$/);
    // 2 × 2000 + 999 = 4999; 10 % off per line (400, 100); 20 % tax on 3600 and 899.
    expect(order).toMatchObject({
      status: "pending",
      cartId: cart.id,
      customerId: null,
      currency: "EUR",
      isTaxInclusive: false,
      paymentMethodId: "manual",
      promotionCodes: ["TENOFF"],
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        entityId: shirt,
        title: "Shirt",
        quantity: 2,
        unitPrice: 2000,
        subtotal: 4000,
        discount: 400,
        tax: 720,
        total: 4320,
        taxRateBps: 2000,
        refundedQuantity: 0,
      }),
      expect.objectContaining({
        entityId: mug,
        title: "Mug",
        quantity: 1,
        unitPrice: 999,
        subtotal: 999,
        discount: 100,
        tax: 180,
        total: 1079,
      }),
    ]);
    expect(order).toMatchObject({ subtotal: 4999, discountTotal: 500, taxTotal: 900, total: 5399 });
    expect({ shirt: await onHand(shirt), mug: await onHand(mug) }).toEqual({
      shirt: before.shirt - 2,
      mug: before.mug - 1,
    });
    const intent = await sql<{
      amount: string;
      status: string;
      provider: string;
    }>`select amount, status, provider from payment_intents where order_id = ${order.id}`.execute(t.db);
    expect(intent.rows).toEqual([{ amount: 5399, status: "pending", provider: "manual" }]);
    const jobs = await sql<{
      taskSlug: string;
    }>`select task_slug as "taskSlug" from jobs where task_slug = 'payments/create-intent'`.execute(t.db);
    expect(jobs.rows.length).toBeGreaterThanOrEqual(1);
    const events = await sql<{ type: string }>`select type from domain_events where entity_id = ${order.id}`.execute(
      t.db,
    );
    expect(events.rows.map((row) => row.type)).toEqual(["orders.create"]);
    const audit = await sql<{
      count: string;
    }>`select count(*) as count from audit_entries where entity_id = ${order.id}`.execute(t.db);
    expect(Number(audit.rows[0]?.count)).toBe(1);
    const redemption = await sql<{
      orderId: string;
      discount: string;
    }>`select order_id as "orderId", discount from promotion_redemptions`.execute(t.db);
    expect(redemption.rows).toEqual([{ orderId: order.id, discount: 500 }]);
    const frozen = await cartCall(t.app, "GET", `/api/carts/${cart.id}`, { actor: storefrontKey, token: cart.token });
    expect(frozen.body.data).toMatchObject({ status: "checked_out", orderId: order.id });
    expect(afterCreates.at(-1)).toEqual({ number: order.number, isCommitted: true });
  });

  it("never charges a price the client made up", async () => {
    const cart = await cartWith(t.app, [{ entityId: shirt, quantity: 1, unitPriceSnapshot: 1 }]);
    const placed = await checkout(t.app, cart, { subtotal: 1, total: 1, lines: [{ unitPrice: 1 }] });
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({ subtotal: 2000, total: 2400 });
    expect(placed.body.data.lines[0].unitPrice).toBe(2000);
    const intent = await sql<{
      amount: string;
    }>`select amount from payment_intents where order_id = ${placed.body.data.id}`.execute(t.db);
    expect(intent.rows[0]?.amount).toBe(2400);
  });

  it("answers each refusal with 422 CHECKOUT_FAILED and its reason, writing and reserving nothing", async () => {
    const draftItem = await stockedProduct(t.app, { slug: "soon-archived", warehouseId, price: 500, onHand: 5 });
    const scarce = await stockedProduct(t.app, { slug: "scarce", warehouseId, price: 500, onHand: 1 });
    const unstocked = await stockedProduct(t.app, { slug: "unstocked", warehouseId, price: 500, onHand: 0 });
    await call(t.app, "POST", "/api/promotions", {
      body: { code: "BIGONLY", name: "Big", type: "percentage_off_order", value: 5, minSubtotal: 1_000_000 },
    });
    const archivedCart = await cartWith(t.app, [{ entityId: draftItem, quantity: 1 }]);
    await call(t.app, "POST", `/api/catalog/entities/${draftItem}/archive`);
    const scarceCart = await cartWith(t.app, [
      { entityId: mug, quantity: 1 },
      { entityId: scarce, quantity: 2 },
    ]);
    const plain = await cartWith(t.app, [{ entityId: mug, quantity: 1 }]);
    const empty = await cartWith(t.app, []);
    const cases: [{ id: string; token: string }, Record<string, unknown>, string][] = [
      [empty, {}, "CART_EMPTY"],
      [plain, { currency: "USD" }, "CURRENCY_MISMATCH"],
      [archivedCart, {}, "ITEM_UNAVAILABLE"],
      [scarceCart, {}, "OUT_OF_STOCK"],
      [await cartWith(t.app, [{ entityId: unstocked, quantity: 1 }]), {}, "OUT_OF_STOCK"],
      [plain, { promotionCodes: ["NOSUCHCODE"] }, "PROMOTION_NOT_FOUND"],
      [plain, { promotionCodes: ["BIGONLY"] }, "PROMOTION_NOT_APPLICABLE"],
      [plain, { paymentMethodId: "bitcoin" }, "UNKNOWN_PAYMENT_PROVIDER"],
    ];
    const before = await checkoutTraces(t.db);
    for (const [cart, body, reason] of cases) {
      const refused = await checkout(t.app, cart, body);
      expect(refused.status, reason).toBe(422);
      expect(refused.body.error).toMatchObject({ code: "CHECKOUT_FAILED", details: { reason } });
    }
    expect(await checkoutTraces(t.db)).toEqual(before);
    const scarceRefusal = await checkout(t.app, scarceCart);
    expect(scarceRefusal.body.error.details).toMatchObject({ entityId: scarce, quantity: 2 });
    // The same carts still check out once fixed, and a checked-out cart cannot check out again.
    expect((await checkout(t.app, plain)).status).toBe(201);
    const again = await checkout(t.app, plain);
    expect(again.body.error).toMatchObject({ code: "CHECKOUT_FAILED", details: { reason: "CART_CHECKED_OUT" } });
  });

  it("answers 404 for a cart of another guest, another customer or another organization, and 403 without the right", async () => {
    const guestCart = await cartWith(t.app, [{ entityId: mug, quantity: 1 }]);
    const alice = shopper("alice");
    const aliceCart = (await cartCall(t.app, "POST", "/api/carts", { actor: alice, body: { currency: "EUR" } })).body
      .data.id;
    await cartCall(t.app, "POST", `/api/carts/${aliceCart}/items`, {
      actor: alice,
      body: { entityId: mug, quantity: 1 },
    });
    const before = await checkoutTraces(t.db);
    const attempts = [
      checkout(t.app, { id: guestCart.id }),
      checkout(t.app, { id: guestCart.id, token: "forged" }),
      checkout(t.app, { id: aliceCart }, {}, shopper("bob")),
      checkout(t.app, { id: aliceCart }),
      checkout(t.app, guestCart, {}, { ...otherOrgAdmin }),
      checkout(t.app, { id: randomUUID() }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    expect((await checkout(t.app, guestCart, {}, createTestActor({ permissions: ["cart:read"] }))).status).toBe(403);
    expect((await checkout(t.app, { id: aliceCart }, { customerId: "customer-mallory" }, alice)).status).toBe(403);
    expect((await checkout(t.app, { id: aliceCart }, { customerGroupIds: ["wholesale"] }, alice)).status).toBe(403);
    expect(await checkoutTraces(t.db)).toEqual(before);
    const own = await checkout(t.app, { id: aliceCart }, {}, alice);
    expect(own.status).toBe(201);
    expect(own.body.data.customerId).toBe("customer-alice");
  });

  it("lets staff check a customer's cart out on their behalf, with the customer's groups", async () => {
    await call(t.app, "POST", "/api/pricing/prices", {
      body: { entityId: mug, currency: "EUR", customerGroupId: "wholesale", amount: 500 },
    });
    const cart = (
      await cartCall(t.app, "POST", "/api/carts", {
        actor: cartStaff,
        body: { currency: "EUR", customerId: "customer-erin" },
      })
    ).body.data.id;
    await cartCall(t.app, "POST", `/api/carts/${cart}/items`, {
      actor: cartStaff,
      body: { entityId: mug, quantity: 2 },
    });
    const placed = await checkout(t.app, { id: cart }, { customerGroupIds: ["wholesale"] }, cartStaff);
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({ customerId: "customer-erin", subtotal: 1000 });
  });

  it("answers a checkout.beforeCreate refusal (before the stock is taken) with 422 and its message; stock, promotion usage and tables unchanged", async () => {
    const cart = await cartWith(t.app, [{ entityId: shirt, quantity: 3 }]);
    hookMode = "refuse";
    const before = await checkoutTraces(t.db);
    const refused = await checkout(t.app, cart, { promotionCodes: ["TENOFF"] });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: "CHECKOUT_FAILED",
      message: `Cart ${cart.id} is on the blocklist`,
      details: { reason: "REFUSED_BY_HOOK", code: "FORBIDDEN" },
    });
    expect(await checkoutTraces(t.db)).toEqual(before);
    hookMode = "resell";
    const resold = await checkout(t.app, cart);
    expect(resold.body.error.details.reason).toBe("INVALID_HOOK_CHANGE");
    expect(await checkoutTraces(t.db)).toEqual(before);
  });

  it("writes the order a checkout.beforeCreate plugin changed", async () => {
    const cart = await cartWith(t.app, [{ entityId: shirt, quantity: 1 }]);
    hookMode = "surcharge";
    const placed = await checkout(t.app, cart);
    expect(placed.status).toBe(201);
    expect(placed.body.data.lines[0]).toMatchObject({ title: "SHIRT", discount: 100, total: 2300 });
    expect(placed.body.data).toMatchObject({ discountTotal: 100, total: 2300 });
    const stored = await call(t.app, "GET", `/api/orders/${placed.body.data.number}`);
    expect(stored.body.data).toMatchObject({ total: 2300, lines: [expect.objectContaining({ title: "SHIRT" })] });
  });

  it("lets its transaction reuse generic plans (keyed statements only), while the connection plans every run elsewhere", async () => {
    const cart = await cartWith(t.app, [{ entityId: mug, quantity: 1 }]);
    hookMode = "read-plan-mode";
    expect((await checkout(t.app, cart)).status).toBe(201);
    expect(planModeSeen).toBe("auto");
    const outside = (await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(t.db))
      .rows[0]?.mode;
    // PostgreSQL connections plan each run for its values; the embedded database prepares nothing.
    expect(outside).toBe(isPostgresTestRun() ? "force_custom_plan" : "auto");
  });

  it("answers 201 with meta.hookErrors when an orders.afterCreate handler fails; the order stays", async () => {
    const cart = await cartWith(t.app, [{ entityId: mug, quantity: 1 }]);
    hookMode = "crash-after";
    const placed = await checkout(t.app, cart);
    expect(placed.status).toBe(201);
    expect(placed.body.meta.hookErrors).toEqual([
      { key: "orders.afterCreate", message: "the loyalty service is down", code: "CONFLICT" },
    ]);
    expect((await call(t.app, "GET", `/api/orders/${placed.body.data.id}`)).status).toBe(200);
  });

  it("taxes each line at the region rate the shipping address selects", async () => {
    const regional = await createTestApp({
      config: { tax: { regionRates: { US: { rateBps: 500, regions: { CA: 725 } } } } },
    });
    try {
      const store = await createWarehouse(regional.app);
      const book = await stockedProduct(regional.app, { slug: "book", warehouseId: store, price: 1000, onHand: 5 });
      const address = (state: string) => ({
        line1: "1 Main St",
        city: "Somewhere",
        state,
        postalCode: "90001",
        country: "US",
      });
      const california = await checkout(regional.app, await cartWith(regional.app, [{ entityId: book, quantity: 1 }]), {
        shippingAddress: address("CA"),
      });
      // 1000 × 7.25 % = 72.5, rounded half away from zero.
      expect(california.body.data).toMatchObject({
        taxTotal: 73,
        total: 1073,
        lines: [expect.objectContaining({ tax: 73, taxRateBps: 725 })],
      });
      const oregon = await checkout(regional.app, await cartWith(regional.app, [{ entityId: book, quantity: 1 }]), {
        shippingAddress: address("OR"),
      });
      expect(oregon.body.data).toMatchObject({ taxTotal: 50, total: 1050 });
      const noAddress = await checkout(regional.app, await cartWith(regional.app, [{ entityId: book, quantity: 1 }]));
      expect(noAddress.body.data).toMatchObject({ taxTotal: 0, total: 1000 });
    } finally {
      await regional.close();
    }
  });

  it("documents POST /api/checkout and lists CHECKOUT_FAILED as the checkout module's code", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/doc" })).json();
    expect(doc.paths["/api/checkout"].post).toBeDefined();
    expect(doc["x-error-codes"].CHECKOUT_FAILED).toMatchObject({ status: 422, module: "checkout" });
  });
});
