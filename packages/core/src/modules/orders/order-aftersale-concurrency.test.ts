import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, isPostgresTestRun, testAdminActor, type TestApp } from "../../testing/index.js";
import { call } from "../catalog/testing.js";
import { operator, paidOrder, post, singleLine } from "./order-aftersale-test-helpers.js";

// Races need real concurrent connections: PostgreSQL only (PGlite has one connection).
describe.skipIf(!isPostgresTestRun())("fulfillments and refunds under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const setCap = async (refundDailyCap: number | null) => {
    expect(
      (await call(t.app, "PATCH", "/api/settings/policies", { actor: testAdminActor, body: { refundDailyCap } }))
        .status,
    ).toBe(200);
    await sql`delete from order_refund_caps`.execute(t.db);
  };
  const statuses = (answers: readonly { status: number }[]) => answers.map((answer) => answer.status).sort();

  it("ships exactly 5 of 20 concurrent fulfillments of one unit on a line of 5, and ends fulfilled", async () => {
    const order = await paidOrder(t, "processing", singleLine(5, 5000));
    const lineItemId = order.lines[0]!.lineItemId;
    const shipper = operator("shipper");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(t.app, `/api/orders/${order.id}/fulfillments`, {
          actor: shipper,
          body: { lines: [{ lineItemId, quantity: 1 }] },
        }),
      ),
    );
    // The others are refused: 422 while units remain for others, 409 once the order is fulfilled.
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(answers.every((answer) => [201, 409, 422].includes(answer.status))).toBe(true);
    const line = await sql<{
      fulfilledQuantity: number;
    }>`select fulfilled_quantity from order_lines where id = ${lineItemId}`.execute(t.db);
    expect(line.rows[0]?.fulfilledQuantity).toBe(5);
    const read = await call(t.app, "GET", `/api/orders/${order.id}`, { actor: shipper });
    expect(read.body.data.status).toBe("fulfilled");
  });

  it("refunds exactly 5 of 20 concurrent refunds of one unit on a line of 5, for exactly the line's total", async () => {
    await setCap(null);
    const order = await paidOrder(t, "fulfilled", singleLine(5, 1003));
    const lineItemId = order.lines[0]!.lineItemId;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(t.app, `/api/orders/${order.id}/refunds`, {
          actor: operator(`racer-${i % 4}`),
          body: { lines: [{ lineItemId, quantity: 1 }] },
        }),
      ),
    );
    expect(statuses(answers)).toEqual([...Array(5).fill(201), ...Array(15).fill(422)]);
    const made = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.data.amount as number);
    expect(made.reduce((a, b) => a + b)).toBe(1003);
    const line = await sql<{
      refundedQuantity: number;
    }>`select refunded_quantity from order_lines where id = ${lineItemId}`.execute(t.db);
    expect(line.rows[0]?.refundedQuantity).toBe(5);
  });

  it("never lets one operator racing himself pass his cap, across orders", async () => {
    // Ten orders of one 1000 line; a cap of 3000 lets exactly three refunds through.
    await setCap(3000);
    const orders = await Promise.all(Array.from({ length: 10 }, () => paidOrder(t, "fulfilled", singleLine(1, 1000))));
    const alice = operator("alice-racing");
    const answers = await Promise.all(
      orders.map((order) =>
        post(t.app, `/api/orders/${order.id}/refunds`, {
          actor: alice,
          body: { lines: [{ lineItemId: order.lines[0]!.lineItemId, quantity: 1 }] },
        }),
      ),
    );
    expect(statuses(answers)).toEqual([...Array(3).fill(201), ...Array(7).fill(403)]);
    const cap = await call(t.app, "GET", "/api/orders/refunds/cap", { actor: alice });
    expect(cap.body.data).toMatchObject({ cap: 3000, used: 3000, left: 0 });
    const refunded = await sql<{
      count: number;
    }>`select count(*)::int as count from order_refunds where actor_id = 'alice-racing'`.execute(t.db);
    expect(refunded.rows[0]?.count).toBe(3);
  });

  it("never lets two operators racing their caps on the same lines pass either cap", async () => {
    await setCap(2000);
    const orders = await Promise.all(Array.from({ length: 6 }, () => paidOrder(t, "fulfilled", singleLine(2, 2000))));
    const [ann, ben] = [operator("ann"), operator("ben")];
    const answers = await Promise.all(
      orders.flatMap((order) =>
        [ann, ben].map((actor) =>
          post(t.app, `/api/orders/${order.id}/refunds`, {
            actor,
            body: { lines: [{ lineItemId: order.lines[0]!.lineItemId, quantity: 1 }] },
          }),
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(4);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 403)).toBe(true);
    const used = await sql<{
      actorId: string;
      used: number;
    }>`select actor_id, used from order_refund_caps where actor_id in ('ann', 'ben') order by actor_id`.execute(t.db);
    expect(used.rows).toEqual([
      { actorId: "ann", used: 2000 },
      { actorId: "ben", used: 2000 },
    ]);
  });

  it("lets exactly one of concurrent undos of one refund through, and gives the cap back once", async () => {
    await setCap(5000);
    const order = await paidOrder(t, "fulfilled", singleLine(1, 1000));
    const carl = operator("carl");
    const made = await post(t.app, `/api/orders/${order.id}/refunds`, {
      actor: carl,
      body: { lines: [{ lineItemId: order.lines[0]!.lineItemId, quantity: 1 }] },
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(t.app, `/api/orders/${order.id}/refunds/${made.body.data.id}/undo`, { actor: carl }),
      ),
    );
    expect(statuses(answers)).toEqual([200, ...Array(9).fill(409)]);
    expect((await call(t.app, "GET", "/api/orders/refunds/cap", { actor: carl })).body.data).toMatchObject({
      used: 0,
      left: 5000,
    });
  });
});
