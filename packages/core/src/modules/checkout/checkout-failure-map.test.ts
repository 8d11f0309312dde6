import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../kernel/app-error.js";
import { defineHook } from "../../kernel/hook-runner.js";
import { definePlugin } from "../../kernel/plugin.js";
import { createTestApp, TEST_ORGANIZATION_ID, type TestApp } from "../../testing/index.js";
import { cartWith, checkout, checkoutTraces, createWarehouse, stockedProduct } from "./checkout-test-helpers.js";

/** What the test plugin throws during the next checkout. */
let mode: "none" | "subscriber-conflict" | "subscriber-not-found" | "hook-look-alike" = "none";
const afterCreates: string[] = [];

// Another plugin that fails inside checkout's steps with the statuses checkout used to guess from: a
// subscriber of the stock step's event, and a before-hook forging inventory's code.
const lookAlikes = definePlugin({
  id: "look-alikes",
  version: "1.0.0",
  dependencies: ["checkout"],
  subscribers: [
    {
      event: "inventory.afterAdjust",
      async handler() {
        if (mode === "subscriber-conflict")
          throw new AppError("CONFLICT", { message: "The warehouse system is locked" });
        if (mode === "subscriber-not-found") throw new AppError("NOT_FOUND", { message: "Bin location not found" });
      },
    },
  ],
  hooks: [
    defineHook("checkout.beforeCreate", () => {
      if (mode === "hook-look-alike")
        throw new AppError("CONFLICT", { message: "Held for fraud review", details: { reason: "OUT_OF_STOCK" } });
    }),
    defineHook("orders.afterCreate", (order) => {
      afterCreates.push(order.number);
    }),
  ],
});

describe("checkout's failure map: a module's exact code, never a status", () => {
  let t: TestApp;
  let warehouseId: string;
  let mug: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { plugins: [lookAlikes] } });
    warehouseId = await createWarehouse(t.app);
    mug = await stockedProduct(t.app, { slug: "mug", title: "Mug", warehouseId, price: 999, onHand: 50 });
  });
  beforeEach(() => {
    mode = "none";
  });
  afterAll(() => t.close());

  it("answers OUT_OF_STOCK because inventory raised OUT_OF_STOCK (409 CONFLICT, its code in details.reason)", async () => {
    const scarce = await stockedProduct(t.app, { slug: "scarce", warehouseId, price: 500, onHand: 1 });
    const sell = t.kernel.services.inventory.sell(TEST_ORGANIZATION_ID, { entityId: scarce, quantity: 2 }, null);
    await expect(sell).rejects.toMatchObject({ code: "CONFLICT", status: 409, details: { reason: "OUT_OF_STOCK" } });
    const refused = await checkout(t.app, await cartWith(t.app, [{ entityId: scarce, quantity: 2 }]));
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: "CHECKOUT_FAILED",
      details: { reason: "OUT_OF_STOCK", entityId: scarce, quantity: 2 },
    });
  });

  it("passes a subscriber's 409 or 404 during the stock step through as it is: not OUT_OF_STOCK, not ITEM_UNAVAILABLE", async () => {
    const cart = await cartWith(t.app, [{ entityId: mug, quantity: 1 }]);
    const before = await checkoutTraces(t.db);
    mode = "subscriber-conflict";
    const conflict = await checkout(t.app, cart);
    expect([conflict.status, conflict.body.error.code, conflict.body.error.message]).toEqual([
      409,
      "CONFLICT",
      "The warehouse system is locked",
    ]);
    mode = "subscriber-not-found";
    const missing = await checkout(t.app, cart);
    expect([missing.status, missing.body.error.code, missing.body.error.message]).toEqual([
      404,
      "NOT_FOUND",
      "Bin location not found",
    ]);
    expect(await checkoutTraces(t.db)).toEqual(before);
    mode = "none";
    expect((await checkout(t.app, cart)).status).toBe(201);
  });

  it("answers a before-hook's CONFLICT as the hook's refusal, even when it names inventory's code", async () => {
    const cart = await cartWith(t.app, [{ entityId: mug, quantity: 1 }]);
    mode = "hook-look-alike";
    const refused = await checkout(t.app, cart);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: "CHECKOUT_FAILED",
      message: "Held for fraud review",
      details: { reason: "REFUSED_BY_HOOK", code: "CONFLICT" },
    });
  });

  it("answers CART_CHECKED_OUT because carts raised CART_CHECKED_OUT, and runs orders.afterCreate once per order", async () => {
    const cart = await cartWith(t.app, [{ entityId: mug, quantity: 1 }]);
    const placed = await checkout(t.app, cart);
    expect(placed.status).toBe(201);
    // orders.create runs the hook; checkout no longer does, so it runs once, not twice.
    expect(afterCreates.filter((number) => number === placed.body.data.number)).toHaveLength(1);
    const again = await checkout(t.app, cart);
    expect(again.body.error).toMatchObject({ code: "CHECKOUT_FAILED", details: { reason: "CART_CHECKED_OUT" } });
  });
});
