import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPluginTestApp, isPostgresTestRun, type TestApp } from "@unified-commerce/plugin-sdk/testing";
import { layaway } from "./layaway-plugin.js";
import { call, clerk, planBody, stockedProduct, stockOf } from "./layaway-test-helpers.js";

describe.runIf(isPostgresTestRun())("layaway under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createPluginTestApp(layaway());
  });
  afterAll(() => t.close());

  it("lets exactly 5 of 10 concurrent plans hold the last 5 units", async () => {
    const entityId = await stockedProduct(t, { slug: "scarce", price: 4000, onHand: 5 });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        call(t, "POST", "/api/layaways", {
          actor: clerk,
          body: planBody([{ entityId, quantity: 1 }], { customerId: `c-${index}` }),
        }),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([201, 201, 201, 201, 201, 409, 409, 409, 409, 409]);
    expect(await stockOf(t, entityId)).toEqual({ onHand: 5, reserved: 5, available: 0 });
    const plans = await sql<{
      count: string;
    }>`select count(*) from layaway_lines where entity_id = ${entityId}`.execute(t.db);
    expect(Number(plans.rows[0]?.count)).toBe(5);
  });

  it("completes a plan once under 8 concurrent final payments: one order, the stock converted once", async () => {
    const entityId = await stockedProduct(t, { slug: "contended", price: 5000, onHand: 3 });
    const plan = (
      await call(t, "POST", "/api/layaways", {
        actor: clerk,
        body: planBody([{ entityId, quantity: 2 }], { deposit: { amount: 2000 } }),
      })
    ).body.data;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t, "POST", `/api/layaways/${plan.id}/payments`, { actor: clerk, body: { amount: plan.balance } }),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const orders = await sql<{
      id: string;
      status: string;
    }>`select id, status from orders where cart_id = ${plan.id}`.execute(t.db);
    expect(orders.rows).toEqual([{ id: expect.any(String), status: "confirmed" }]);
    const read = (await call(t, "GET", `/api/layaways/${plan.id}`, { actor: clerk })).body.data;
    expect(read).toMatchObject({ status: "completed", paidAmount: 10000, orderId: orders.rows[0]?.id });
    expect(read.ledger.map((entry: { kind: string }) => entry.kind)).toEqual(["deposit", "installment"]);
    expect(await stockOf(t, entityId)).toEqual({ onHand: 1, reserved: 0, available: 1 });
  });

  it("lets a forfeit and a final payment racing for one plan end it once, either way", async () => {
    const entityId = await stockedProduct(t, { slug: "raced", price: 3000, onHand: 1 });
    const plan = (
      await call(t, "POST", "/api/layaways", {
        actor: clerk,
        body: planBody([{ entityId, quantity: 1 }], { deposit: { amount: 1000 } }),
      })
    ).body.data;
    const [paid, forfeited] = await Promise.all([
      call(t, "POST", `/api/layaways/${plan.id}/payments`, { actor: clerk, body: { amount: plan.balance } }),
      call(t, "POST", `/api/layaways/${plan.id}/forfeit`, { body: {} }),
    ]);
    // Whichever takes the plan's row lock first wins; the other finds the plan ended (409).
    expect([paid.status, forfeited.status]).toSatisfy(
      ([payment, forfeit]: number[]) => (payment === 201 && forfeit === 409) || (payment === 409 && forfeit === 200),
    );
    const read = (await call(t, "GET", `/api/layaways/${plan.id}`, { actor: clerk })).body.data;
    const orders = await sql<{ count: string }>`select count(*) from orders where cart_id = ${plan.id}`.execute(t.db);
    if (read.status === "completed") {
      expect(Number(orders.rows[0]?.count)).toBe(1);
      expect(await stockOf(t, entityId)).toEqual({ onHand: 0, reserved: 0, available: 0 });
    } else {
      expect(read.status).toBe("forfeited");
      expect(Number(orders.rows[0]?.count)).toBe(0);
      expect(await stockOf(t, entityId)).toEqual({ onHand: 1, reserved: 0, available: 1 });
    }
  });
});
