import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, isPostgresTestRun, type TestApp } from "../../testing/index.js";
import { call } from "../catalog/testing.js";
import { cartWith, checkout, checkoutTraces, createWarehouse, stockedProduct } from "./checkout-test-helpers.js";

// PGlite has one connection: concurrency is only real on PostgreSQL.
describe.runIf(isPostgresTestRun())("checkout under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  let warehouseId: string;
  beforeAll(async () => {
    t = await createTestApp();
    warehouseId = await createWarehouse(t.app);
  });
  afterAll(() => t.close());

  const carts = async (count: number, entityId: string) => {
    const made = [];
    for (let i = 0; i < count; i += 1) made.push(await cartWith(t.app, [{ entityId, quantity: 1 }]));
    return made;
  };

  it("sells exactly 10 of 10 units to 40 concurrent checkouts; the 30 others are 422 OUT_OF_STOCK and write nothing", async () => {
    const entityId = await stockedProduct(t.app, { slug: "last-ten", warehouseId, price: 1000, onHand: 10 });
    const waiting = await carts(40, entityId);
    const before = await checkoutTraces(t.db);
    const answers = await Promise.all(waiting.map((cart) => checkout(t.app, cart)));
    const sold = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 422);
    expect(sold).toHaveLength(10);
    expect(refused).toHaveLength(30);
    for (const answer of refused) expect(answer.body.error.details.reason).toBe("OUT_OF_STOCK");
    const level = await sql<{
      onHand: number;
      reserved: number;
    }>`select on_hand as "onHand", reserved from inventory_levels where entity_id = ${entityId}`.execute(t.db);
    expect(level.rows).toEqual([{ onHand: 0, reserved: 0 }]);
    const after = await checkoutTraces(t.db);
    expect(after.orders - before.orders).toBe(10);
    expect(after.paymentIntents - before.paymentIntents).toBe(10);
    expect(after.reservations - before.reservations).toBe(10);
    expect(after.checkedOut - before.checkedOut).toBe(10);
    expect(after.numbers - before.numbers).toBe(10);
  });

  it("discounts exactly 5 of 20 concurrent checkouts with a 5-use code; the others are 422 and write nothing", async () => {
    const entityId = await stockedProduct(t.app, { slug: "promo-item", warehouseId, price: 1000, onHand: 100 });
    await call(t.app, "POST", "/api/promotions", {
      body: { code: "FIVEONLY", name: "Five", type: "percentage_off_order", value: 50, usageLimit: 5 },
    });
    const waiting = await carts(20, entityId);
    const before = await checkoutTraces(t.db);
    const answers = await Promise.all(waiting.map((cart) => checkout(t.app, cart, { promotionCodes: ["FIVEONLY"] })));
    const sold = answers.filter((answer) => answer.status === 201);
    expect(sold).toHaveLength(5);
    for (const answer of sold)
      expect(answer.body.data).toMatchObject({ discountTotal: 500, promotionCodes: ["FIVEONLY"] });
    for (const answer of answers.filter((answer) => answer.status !== 201)) {
      expect(answer.status).toBe(422);
      expect(answer.body.error.details).toMatchObject({ reason: "PROMOTION_NOT_APPLICABLE", code: "FIVEONLY" });
    }
    const promotion = await sql<{ used: number }>`select used from promotions where code = 'FIVEONLY'`.execute(t.db);
    expect(promotion.rows[0]?.used).toBe(5);
    const after = await checkoutTraces(t.db);
    expect(after.orders - before.orders).toBe(5);
    expect(after.redemptions - before.redemptions).toBe(5);
    expect(before.onHand - after.onHand).toBe(5);
  });

  it("numbers 50 concurrent orders with 50 distinct, gapless numbers", async () => {
    const entityId = await stockedProduct(t.app, { slug: "numbered", warehouseId, price: 100, onHand: 1000 });
    const waiting = await carts(50, entityId);
    const before = await checkoutTraces(t.db);
    const answers = await Promise.all(waiting.map((cart) => checkout(t.app, cart)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(201));
    const counters = answers
      .map((answer) => Number(/^ORD-\d{4}-(\d+)$/.exec(answer.body.data.number)?.[1]))
      .sort((a, b) => a - b);
    expect(counters).toEqual(Array.from({ length: 50 }, (_, i) => before.numbers + i + 1));
  });
});
