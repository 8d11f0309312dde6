import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, isPostgresTestRun, type TestApp } from "../../testing/index.js";
import { cartCall, storefrontKey } from "../carts/testing.js";
import { cartWith, checkoutTraces, createWarehouse, stockedProduct } from "./checkout-test-helpers.js";

/** A guest's checkout sent with an `Idempotency-Key`, as a client retrying after a lost answer does. */
const keyedCheckout = (t: TestApp, cart: { id: string; token: string }, key: string) =>
  cartCall(t.app, "POST", "/api/checkout", {
    actor: storefrontKey,
    token: cart.token,
    headers: { "idempotency-key": key },
    body: { cartId: cart.id, paymentMethodId: "manual", currency: "EUR" },
  });

describe("checkout retried with an Idempotency-Key", () => {
  let t: TestApp;
  let entityId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const warehouseId = await createWarehouse(t.app);
    entityId = await stockedProduct(t.app, { slug: "retried-shirt", warehouseId, price: 2500, onHand: 5 });
  });
  afterAll(() => t.close());

  it("creates one order when the network drops the answer and the client sends the checkout again", async () => {
    const cart = await cartWith(t.app, [{ entityId, quantity: 2 }]);
    const key = randomUUID();
    const before = await checkoutTraces(t.db);
    const first = await keyedCheckout(t, cart, key);
    expect(first.status).toBe(201);
    const afterFirst = await checkoutTraces(t.db);
    const retry = await keyedCheckout(t, cart, key);
    expect(retry).toEqual(first);
    const afterRetry = await checkoutTraces(t.db);
    expect(afterRetry).toEqual(afterFirst);
    expect(afterRetry.orders - before.orders).toBe(1);
    expect(afterRetry.paymentIntents - before.paymentIntents).toBe(1);
    expect(before.onHand - afterRetry.onHand).toBe(2);
    // Without the key the retry would reach the frozen cart: a new key is a new checkout, refused as such.
    const fresh = await keyedCheckout(t, cart, randomUUID());
    expect(fresh.status).toBe(422);
    expect(fresh.body.error.details.reason).toBe("CART_CHECKED_OUT");
  });
});

describe.skipIf(!isPostgresTestRun())("checkout retried while the first attempt still runs (PostgreSQL)", () => {
  let t: TestApp;
  let entityId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const warehouseId = await createWarehouse(t.app);
    entityId = await stockedProduct(t.app, { slug: "raced-shirt", warehouseId, price: 2500, onHand: 5 });
  });
  afterAll(() => t.close());

  it("places one order from 10 simultaneous sends of one keyed checkout", async () => {
    const cart = await cartWith(t.app, [{ entityId, quantity: 1 }]);
    const key = randomUUID();
    const before = await checkoutTraces(t.db);
    const answers = await Promise.all(Array.from({ length: 10 }, () => keyedCheckout(t, cart, key)));
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(new Set(placed.map((answer) => answer.body.data.number)).size).toBe(1);
    const after = await checkoutTraces(t.db);
    expect(after.orders - before.orders).toBe(1);
    expect(before.onHand - after.onHand).toBe(1);
  });
});
