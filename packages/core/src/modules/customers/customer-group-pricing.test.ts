import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../kernel/actor.js";
import { createTestApp, type TestApp } from "../../testing/index.js";
import { call } from "../catalog/testing.js";
import { cartCall, cartStaff, shopper, storefrontKey } from "../carts/testing.js";
import { checkout, checkoutTraces, createWarehouse, stockedProduct } from "../checkout/testing.js";
import { createGroup, customerManager } from "./customers-test-helpers.js";

// Customer groups come from the customer's profile wherever prices and promotions are resolved (carts,
// checkout, POST /promotions/validate): a body's customerGroupIds is never trusted for a signed-in customer.
describe("customer groups in prices and promotions", () => {
  let t: TestApp;
  let mug: string;
  const alice = shopper("alice");
  const bob = shopper("bob");

  beforeAll(async () => {
    t = await createTestApp();
    const warehouse = await createWarehouse(t.app);
    mug = await stockedProduct(t.app, { slug: "mug", warehouseId: warehouse, price: 1000, onHand: 100 });
    await call(t.app, "POST", "/api/pricing/prices", {
      body: { entityId: mug, currency: "EUR", customerGroupId: "wholesale", amount: 600 },
    });
    await call(t.app, "POST", "/api/promotions", {
      body: {
        code: "TRADE10",
        name: "Trade",
        type: "percentage_off_order",
        value: 10,
        customerGroupIds: ["wholesale"],
      },
    });
    await createGroup(t.app, { id: "wholesale", name: "Wholesale" });
    for (const [userId, name] of [
      ["customer-alice", "Alice"],
      ["customer-bob", "Bob"],
    ] as const) {
      await t.kernel.services.customers.ensureProfile(
        "default",
        userId,
        { email: `${name.toLowerCase()}@example.com`, name },
        null,
      );
    }
    const added = await call(t.app, "POST", "/api/customers/groups/wholesale/members", {
      actor: customerManager,
      body: { customerIds: ["customer-alice"] },
    });
    expect(added.body.data).toEqual({ added: ["customer-alice"] });
  });
  afterAll(() => t.close());

  const cartOf = async (actor: Actor, body: Record<string, unknown> = {}) => {
    const id = (await cartCall(t.app, "POST", "/api/carts", { actor, body: { currency: "EUR", ...body } })).body.data
      .id as string;
    const added = await cartCall(t.app, "POST", `/api/carts/${id}/items`, {
      actor,
      body: { entityId: mug, quantity: 2 },
    });
    expect(added.status).toBe(200);
    return { id, cart: added.body.data };
  };
  const validate = (actor: Actor | null, extra: Record<string, unknown> = {}) =>
    t.app
      .inject({
        method: "POST",
        url: "/api/promotions/validate",
        headers: { "content-type": "application/json", ...(actor ? { "x-test-actor": JSON.stringify(actor) } : {}) },
        payload: JSON.stringify({
          code: "TRADE10",
          currency: "EUR",
          lineItems: [{ entityId: mug, quantity: 1 }],
          ...extra,
        }),
      })
      .then((response) => ({ status: response.statusCode, body: response.json() }));

  it("prices a group member's cart and checkout with the group's price, and others' with the base price", async () => {
    const alices = await cartOf(alice);
    expect(alices.cart.items[0]).toMatchObject({ unitPrice: 600 });
    expect(alices.cart.subtotal).toBe(1200);
    const bobs = await cartOf(bob);
    expect(bobs.cart.items[0]).toMatchObject({ unitPrice: 1000 });
    const placed = await checkout(t.app, { id: alices.id }, { promotionCodes: ["TRADE10"] }, alice);
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({ customerId: "customer-alice", subtotal: 1200, discountTotal: 120 });
    const refused = await checkout(t.app, { id: bobs.id }, { promotionCodes: ["TRADE10"] }, bob);
    expect(refused.body.error).toMatchObject({
      code: "CHECKOUT_FAILED",
      details: { reason: "PROMOTION_NOT_APPLICABLE", promotionReason: "CUSTOMER_GROUP_NOT_ELIGIBLE" },
    });
    expect((await checkout(t.app, { id: bobs.id }, {}, bob)).body.data).toMatchObject({ subtotal: 2000 });
  });

  it("refuses a customer's own customerGroupIds at checkout (403, nothing written) and ignores an empty list", async () => {
    const bobs = await cartOf(bob);
    const before = await checkoutTraces(t.db);
    const refused = await checkout(t.app, { id: bobs.id }, { customerGroupIds: ["wholesale"] }, bob);
    expect(refused.status).toBe(403);
    expect(await checkoutTraces(t.db)).toEqual(before);
    const alices = await cartOf(alice);
    expect((await checkout(t.app, { id: alices.id }, { customerGroupIds: ["wholesale"] }, alice)).status).toBe(403);
    const empty = await checkout(t.app, { id: alices.id }, { customerGroupIds: [] }, alice);
    expect(empty.body.data).toMatchObject({ subtotal: 1200 });
  });

  it("lets staff on a customer's behalf price with the customer's groups, or name the groups themselves", async () => {
    const forAlice = await cartOf(cartStaff, { customerId: "customer-alice" });
    expect(forAlice.cart.items[0]).toMatchObject({ unitPrice: 600 });
    expect((await checkout(t.app, { id: forAlice.id }, {}, cartStaff)).body.data).toMatchObject({
      customerId: "customer-alice",
      subtotal: 1200,
    });
    // An explicit list replaces the profile's groups (a price list chosen at the till), even an empty one.
    const again = await cartOf(cartStaff, { customerId: "customer-alice" });
    expect((await checkout(t.app, { id: again.id }, { customerGroupIds: [] }, cartStaff)).body.data).toMatchObject({
      subtotal: 2000,
    });
    const guest = (await cartCall(t.app, "POST", "/api/carts", { actor: cartStaff, body: { currency: "EUR" } })).body
      .data.id as string;
    await cartCall(t.app, "POST", `/api/carts/${guest}/items`, {
      actor: cartStaff,
      body: { entityId: mug, quantity: 1 },
    });
    expect(
      (await checkout(t.app, { id: guest }, { customerGroupIds: ["wholesale"] }, cartStaff)).body.data,
    ).toMatchObject({ subtotal: 600 });
  });

  it("validates codes with the signed-in customer's profile groups, never the body's", async () => {
    const asAlice = await validate(alice);
    expect(asAlice.body.data).toMatchObject({ isApplicable: true, subtotal: 600, discount: 60 });
    expect((await validate(bob)).body.data).toMatchObject({
      isApplicable: false,
      reason: "CUSTOMER_GROUP_NOT_ELIGIBLE",
      subtotal: 1000,
    });
    expect((await validate(bob, { customerGroupIds: ["wholesale"] })).status).toBe(403);
    expect((await validate(null, { customerGroupIds: ["wholesale"] })).status).toBe(403);
    expect((await validate(storefrontKey, { customerGroupIds: ["wholesale"] })).status).toBe(403);
    // A guest naming a customer learns nothing of that customer's groups.
    expect((await validate(null, { customerId: "customer-alice" })).body.data).toMatchObject({
      isApplicable: false,
      subtotal: 1000,
    });
    expect((await validate(bob, { customerId: "customer-alice" })).status).toBe(403);
    expect((await validate(alice, { customerId: "customer-alice" })).body.data).toMatchObject({ isApplicable: true });
    // Staff on a customer's behalf: the named customer's groups, unless they name groups.
    expect((await validate(cartStaff, { customerId: "customer-alice" })).body.data).toMatchObject({
      isApplicable: true,
      subtotal: 600,
    });
    expect((await validate(cartStaff, { customerId: "customer-alice", customerGroupIds: [] })).body.data).toMatchObject(
      { isApplicable: false, subtotal: 1000 },
    );
  });

  it("follows membership changes at once: a customer taken out of the group gets base prices", async () => {
    const removed = await call(t.app, "DELETE", "/api/customers/groups/wholesale/members/customer-alice", {
      actor: customerManager,
    });
    expect(removed.body.data).toMatchObject({ id: "customer-alice", groupIds: [] });
    expect((await cartOf(alice)).cart.items[0]).toMatchObject({ unitPrice: 1000 });
    expect((await validate(alice)).body.data).toMatchObject({
      isApplicable: false,
      reason: "CUSTOMER_GROUP_NOT_ELIGIBLE",
    });
    await call(t.app, "POST", "/api/customers/groups/wholesale/members", {
      actor: customerManager,
      body: { customerIds: ["customer-alice"] },
    });
  });
});
