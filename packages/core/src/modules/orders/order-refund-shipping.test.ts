import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createTestActor,
  createTestApp,
  isPostgresTestRun,
  testAdminActor,
  type TestApp,
} from "../../testing/index.js";
import { call, otherOrgAdmin } from "../catalog/testing.js";
import { operator, paidOrder, post, recordingManualAdapter, singleLine } from "./order-aftersale-test-helpers.js";

const alice = operator("alice");
const reader = createTestActor({ id: "order-reader", permissions: ["orders:read"] });

describe("shipping in refunds", () => {
  let t: TestApp;
  const provider = recordingManualAdapter();
  beforeAll(async () => {
    t = await createTestApp({ config: { payments: { adapters: [provider.adapter] } } });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await setPolicies({ refundDailyCap: null, refundUndoWindowMinutes: null });
    await sql`delete from order_refund_caps`.execute(t.db);
  });

  const setPolicies = async (policies: Record<string, unknown>) => {
    const response = await call(t.app, "PATCH", "/api/settings/policies", { actor: testAdminActor, body: policies });
    expect(response.status).toBe(200);
  };
  /** Two units for 2000 and 500 of shipping: 2500 paid. */
  const shippedOrder = () => paidOrder(t, "fulfilled", { ...singleLine(2, 2000), shippingTotal: 500, total: 2500 });
  const refund = (orderId: string, body: Record<string, unknown>, actor = alice) =>
    post(t.app, `/api/orders/${orderId}/refunds`, { actor, body });
  const shippingRefunded = async (orderId: string) =>
    (await sql<{ shippingRefunded: number }>`select shipping_refunded from orders where id = ${orderId}`.execute(t.db))
      .rows[0]?.shippingRefunded;
  const capUsed = async () => (await call(t.app, "GET", "/api/orders/refunds/cap", { actor: alice })).body.data.used;

  it("refunds all the shipping left with `shipping: true`, alone or with lines, and no more", async () => {
    const order = await shippedOrder();
    const lineItemId = order.lines[0]!.lineItemId;
    const part = await refund(order.id, { lines: [{ lineItemId, quantity: 1 }], shipping: 200, reason: "late" });
    expect([part.status, part.body.data]).toEqual([
      201,
      expect.objectContaining({
        amount: 1200,
        shippingAmount: 200,
        lines: [{ lineItemId, quantity: 1, amount: 1000 }],
      }),
    ]);
    const rest = await refund(order.id, { shipping: true });
    expect([rest.status, rest.body.data.amount, rest.body.data.shippingAmount, rest.body.data.lines]).toEqual([
      201,
      300,
      300,
      [],
    ]);
    expect(await shippingRefunded(order.id)).toBe(500);
    const none = await refund(order.id, { shipping: true });
    expect([none.status, none.body.error.issues[0].path]).toEqual([422, "body.shipping"]);
    const timeline = await call(t.app, "GET", `/api/orders/${order.id}/timeline`, { actor: reader });
    expect(timeline.body.data[0]).toMatchObject({
      summary: "Refunded 0 unit(s) and 300 of shipping for 300 EUR",
      data: { action: "refund", amount: 300, shippingAmount: 300 },
    });
  });

  it("refuses shipping beyond what is left, nothing at all, and another organization's order, changing nothing", async () => {
    const order = await shippedOrder();
    const lineItemId = order.lines[0]!.lineItemId;
    const beyond = await refund(order.id, { lines: [{ lineItemId, quantity: 1 }], shipping: 501 });
    expect([beyond.status, beyond.body.error.issues[0]]).toEqual([
      422,
      { path: "body.shipping", message: "at most 500 of the shipping can still be refunded" },
    ]);
    for (const body of [{}, { lines: [] }, { shipping: 0 }, { shipping: -5 }, { shipping: false }, { shipping: 1.5 }])
      expect((await refund(order.id, body)).status).toBe(422);
    expect((await refund(order.id, { shipping: true }, otherOrgAdmin)).status).toBe(404);
    expect(await shippingRefunded(order.id)).toBe(0);
    const read = await call(t.app, "GET", `/api/orders/${order.id}`, { actor: reader });
    expect(read.body.data.lines[0].refundedQuantity).toBe(0);
    expect((await call(t.app, "GET", `/api/orders/${order.id}/refunds`, { actor: reader })).body.data).toEqual([]);
    // An order without shipping has none to refund.
    const bare = await paidOrder(t, "confirmed");
    const nothing = await refund(bare.id, { shipping: true });
    expect([nothing.status, nothing.body.error.issues[0].message]).toEqual([
      422,
      "the order has no shipping left to refund",
    ]);
  });

  it("counts shipping on the operator's daily cap, and an undo gives back exactly the shipping and the cap", async () => {
    await setPolicies({ refundDailyCap: 600 });
    const order = await shippedOrder();
    const lineItemId = order.lines[0]!.lineItemId;
    const overCap = await refund(order.id, { lines: [{ lineItemId, quantity: 1 }], shipping: true });
    expect(overCap.status).toBe(403);
    expect(await shippingRefunded(order.id)).toBe(0);
    const made = await refund(order.id, { shipping: 450 });
    expect([made.status, await capUsed(), await shippingRefunded(order.id)]).toEqual([201, 450, 450]);
    const undone = await post(t.app, `/api/orders/${order.id}/refunds/${made.body.data.id}/undo`, { actor: alice });
    expect([undone.status, undone.body.data.shippingAmount]).toEqual([200, 450]);
    expect([await capUsed(), await shippingRefunded(order.id)]).toEqual([0, 0]);
    const timeline = await call(t.app, "GET", `/api/orders/${order.id}/timeline`, { actor: reader });
    expect(timeline.body.data[0].data).toMatchObject({ action: "undo", amount: 450, shippingAmount: 450 });
    // All of it can be refunded again after the undo.
    expect((await refund(order.id, { shipping: true })).body.data.shippingAmount).toBe(500);
  });

  it("pays the shipping back with the refund's payout", async () => {
    const order = await shippedOrder();
    provider.refunds.length = 0;
    const made = await refund(order.id, { shipping: true }, alice);
    await sql`update order_refunds set undo_until = now() - interval '1 second' where id = ${made.body.data.id}`.execute(
      t.db,
    );
    await sql`update jobs set wait_until = now() where task_slug = 'orders/pay-refund' and input->>'refundId' = ${made.body.data.id}`.execute(
      t.db,
    );
    await t.kernel.services.jobs.run({ queue: "default", limit: 50 });
    expect(provider.refunds).toEqual([expect.objectContaining({ amount: 500 })]);
  });

  // Races need real concurrent connections: PostgreSQL only (PGlite has one connection).
  it.skipIf(!isPostgresTestRun())(
    "never refunds more shipping than charged under 20 concurrent refunds, with lines racing beside them",
    async () => {
      const order = await paidOrder(t, "fulfilled", { ...singleLine(5, 1003), shippingTotal: 500, total: 1503 });
      const lineItemId = order.lines[0]!.lineItemId;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          refund(
            order.id,
            i % 4 === 0 ? { lines: [{ lineItemId, quantity: 1 }], shipping: 100 } : { shipping: i % 2 ? 100 : true },
            operator(`racer-${i % 4}`),
          ),
        ),
      );
      const made = answers.filter((answer) => answer.status === 201);
      expect(answers.every((answer) => answer.status === 201 || answer.status === 422)).toBe(true);
      const shipping = made.reduce((sum, answer) => sum + (answer.body.data.shippingAmount as number), 0);
      expect(shipping).toBe(500);
      expect(await shippingRefunded(order.id)).toBe(500);
      const recorded = await sql<{ total: number }>`
        select coalesce(sum(shipping_amount), 0)::int as total from order_refunds where order_id = ${order.id}`.execute(
        t.db,
      );
      expect(recorded.rows[0]?.total).toBe(500);
    },
  );
});
