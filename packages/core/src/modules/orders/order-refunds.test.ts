import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, testAdminActor, type TestApp } from "../../testing/index.js";
import { call, otherOrgAdmin } from "../catalog/testing.js";
import {
  aftersaleTraces,
  operator,
  paidOrder,
  post,
  recordingManualAdapter,
  singleLine,
} from "./order-aftersale-test-helpers.js";
import { dayIn } from "./order-refund-cap.js";

const alice = operator("alice");
const bob = operator("bob");
const reader = createTestActor({ id: "order-reader", permissions: ["orders:read"] });

describe("order refunds", () => {
  let t: TestApp;
  const provider = recordingManualAdapter();
  beforeAll(async () => {
    t = await createTestApp({ config: { payments: { adapters: [provider.adapter] } } });
  });
  afterAll(() => t.close());

  const setPolicies = async (policies: Record<string, unknown>) => {
    const response = await call(t.app, "PATCH", "/api/settings/policies", { actor: testAdminActor, body: policies });
    expect(response.status).toBe(200);
  };
  beforeEach(async () => {
    await setPolicies({ refundDailyCap: null, refundUndoWindowMinutes: null });
    await sql`delete from order_refund_caps`.execute(t.db);
    provider.refunds.length = 0;
    provider.state.isDown = false;
  });

  const refund = (
    orderId: string,
    lines: { lineItemId: string; quantity: number }[],
    actor = alice,
    extra: Record<string, unknown> = {},
  ) => post(t.app, `/api/orders/${orderId}/refunds`, { actor, body: { lines, ...extra } });
  const undo = (orderId: string, refundId: string, actor = alice) =>
    post(t.app, `/api/orders/${orderId}/refunds/${refundId}/undo`, { actor });
  const runJobs = () => t.kernel.services.jobs.run({ queue: "default", limit: 50 });
  /** Ends a refund's undo window and makes its payout job due, as the clock would. */
  const ageRefund = async (refundId: string) => {
    await sql`update order_refunds set undo_until = now() - interval '1 second' where id = ${refundId}`.execute(t.db);
    await sql`update jobs set wait_until = now() where task_slug = 'orders/pay-refund' and input->>'refundId' = ${refundId}`.execute(
      t.db,
    );
  };

  it("computes the amount on the server from the line's total, ignoring any amount the client sends", async () => {
    const order = await paidOrder(t, "confirmed");
    const mug = order.lines[0]!;
    const response = await refund(order.id, [{ lineItemId: mug.lineItemId, quantity: 1 }], alice, {
      reason: "broken",
      amount: 1,
    });
    expect(response.status).toBe(201);
    // 2 mugs for 2160 (price 2000, discount 200, tax 360): one is half of it.
    expect(response.body.data).toMatchObject({
      orderId: order.id,
      status: "pending_payout",
      amount: 1080,
      currency: "EUR",
      reason: "broken",
      actorId: "alice",
      // A session, not an API key: no credential to name (a key's refund names it: the marketplace's vendor-key tests).
      credentialId: null,
      lines: [{ lineItemId: mug.lineItemId, quantity: 1, amount: 1080 }],
      undoneAt: null,
      paidOutAt: null,
    });
    const undoMinutes = (Date.parse(response.body.data.undoUntil) - Date.parse(response.body.data.createdAt)) / 60_000;
    expect(undoMinutes).toBeCloseTo(15, 1);
    const read = await call(t.app, "GET", `/api/orders/${order.id}`, { actor: reader });
    expect(read.body.data.lines[0]).toMatchObject({ refundedQuantity: 1 });
    const listed = await call(t.app, "GET", `/api/orders/${order.id}/refunds`, { actor: reader });
    expect(listed.body.data).toEqual([response.body.data]);
  });

  it("refunds exactly a line's total when every unit is refunded one by one", async () => {
    const order = await paidOrder(t, "fulfilled", singleLine(3, 1000));
    const lineItemId = order.lines[0]!.lineItemId;
    const amounts: number[] = [];
    for (let i = 0; i < 3; i++) amounts.push((await refund(order.id, [{ lineItemId, quantity: 1 }])).body.data.amount);
    expect(amounts).toEqual([333, 334, 333]);
    expect(amounts.reduce((a, b) => a + b)).toBe(1000);
  });

  it("keeps refunds exact across an undo: what is refunded in the end is the line's total", async () => {
    const order = await paidOrder(t, "fulfilled", singleLine(3, 1000));
    const lineItemId = order.lines[0]!.lineItemId;
    const first = await refund(order.id, [{ lineItemId, quantity: 1 }]);
    await refund(order.id, [{ lineItemId, quantity: 1 }]);
    expect((await undo(order.id, first.body.data.id)).status).toBe(200);
    const rest = await refund(order.id, [{ lineItemId, quantity: 2 }]);
    expect(rest.status).toBe(201);
    const live = await sql<{
      total: number;
    }>`select sum(amount)::int as total from order_refunds where order_id = ${order.id} and status <> 'undone'`.execute(
      t.db,
    );
    expect(live.rows[0]?.total).toBe(1000);
  });

  it("refuses more than quantity - refundedQuantity with 422 and writes nothing (rule 1)", async () => {
    const order = await paidOrder(t, "confirmed");
    const [mug, tea] = [order.lines[0]!, order.lines[1]!];
    expect((await refund(order.id, [{ lineItemId: mug.lineItemId, quantity: 1 }])).status).toBe(201);
    const before = await aftersaleTraces(t, order.id);
    const beyond = await refund(order.id, [
      { lineItemId: tea.lineItemId, quantity: 1 },
      { lineItemId: mug.lineItemId, quantity: 2 },
    ]);
    expect(beyond.status).toBe(422);
    expect(beyond.body.error.code).toBe("VALIDATION_FAILED");
    expect(beyond.body.error.message).toContain("at most 1 unit(s)");
    const unknownLine = await refund(order.id, [{ lineItemId: randomUUID(), quantity: 1 }]);
    expect(unknownLine.status).toBe(422);
    const twice = await refund(order.id, [
      { lineItemId: tea.lineItemId, quantity: 1 },
      { lineItemId: tea.lineItemId, quantity: 1 },
    ]);
    expect(twice.status).toBe(422);
    expect((await refund(order.id, [{ lineItemId: tea.lineItemId, quantity: 0 }])).status).toBe(422);
    expect(
      (await refund(order.id, [{ lineItemId: tea.lineItemId, quantity: 1 }], alice, { reason: "x".repeat(501) }))
        .status,
    ).toBe(422);
    expect(await aftersaleTraces(t, order.id)).toEqual(before);
  });

  it("refuses to refund a pending or cancelled order with 409", async () => {
    for (const status of ["pending", "cancelled"] as const) {
      const order = await paidOrder(t, status);
      const before = await aftersaleTraces(t, order.id);
      const response = await refund(order.id, [{ lineItemId: order.lines[0]!.lineItemId, quantity: 1 }]);
      expect(response.status).toBe(409);
      expect(await aftersaleTraces(t, order.id)).toEqual(before);
    }
  });

  it("refuses with 403 a refund that would pass the operator's daily cap, and writes nothing (rule 2)", async () => {
    await setPolicies({ refundDailyCap: 2000 });
    const order = await paidOrder(t, "confirmed");
    const [mug, tea] = [order.lines[0]!, order.lines[1]!];
    expect((await refund(order.id, [{ lineItemId: tea.lineItemId, quantity: 1 }])).status).toBe(201);
    const before = await aftersaleTraces(t, order.id);
    const over = await refund(order.id, [{ lineItemId: mug.lineItemId, quantity: 1 }]);
    expect(over.status).toBe(403);
    expect(over.body.error).toMatchObject({
      code: "FORBIDDEN",
      details: { cap: 2000, used: 1080, left: 920, amount: 1080 },
    });
    expect(await aftersaleTraces(t, order.id)).toEqual(before);
    // Another operator has a cap of their own.
    expect((await refund(order.id, [{ lineItemId: mug.lineItemId, quantity: 1 }], bob)).status).toBe(201);
    const status = await call(t.app, "GET", "/api/orders/refunds/cap", { actor: alice });
    expect(status.status).toBe(200);
    expect(status.body.data).toEqual({
      day: dayIn(new Date(), "UTC"),
      timezone: "UTC",
      cap: 2000,
      used: 1080,
      left: 920,
    });
  });

  it("counts refunds on the store's calendar day and shows no cap when none is set", async () => {
    const order = await paidOrder(t, "confirmed");
    await refund(order.id, [{ lineItemId: order.lines[1]!.lineItemId, quantity: 1 }]);
    const uncapped = await call(t.app, "GET", "/api/orders/refunds/cap", { actor: alice });
    expect(uncapped.body.data).toMatchObject({ cap: null, used: 1080, left: null });

    // Kiritimati is UTC+14: for most of the UTC day its calendar day is another one.
    const timezone = "Pacific/Kiritimati";
    await call(t.app, "PATCH", "/api/settings/general", { actor: testAdminActor, body: { timezone } });
    try {
      const zoned = await call(t.app, "GET", "/api/orders/refunds/cap", { actor: alice });
      expect(zoned.body.data).toMatchObject({ day: dayIn(new Date(), timezone), timezone });
      const second = await paidOrder(t, "confirmed");
      const made = await refund(second.id, [{ lineItemId: second.lines[1]!.lineItemId, quantity: 1 }]);
      expect(made.body.data.capDay).toBe(dayIn(new Date(), timezone));
    } finally {
      await call(t.app, "PATCH", "/api/settings/general", { actor: testAdminActor, body: { timezone: null } });
    }
  });

  it("undoes a refund within the window: the units and the cap come back, twice is a 409 (rule 3)", async () => {
    await setPolicies({ refundDailyCap: 2000 });
    const order = await paidOrder(t, "confirmed");
    const mug = order.lines[0]!;
    const made = await refund(order.id, [{ lineItemId: mug.lineItemId, quantity: 1 }]);
    // Bob undoes Alice's refund: the amount goes back to Alice's day.
    const undone = await undo(order.id, made.body.data.id, bob);
    expect(undone.status).toBe(200);
    expect(undone.body.data).toMatchObject({ id: made.body.data.id, status: "undone", undoneAt: expect.any(String) });
    expect(
      (await call(t.app, "GET", `/api/orders/${order.id}`, { actor: reader })).body.data.lines[0].refundedQuantity,
    ).toBe(0);
    expect((await call(t.app, "GET", "/api/orders/refunds/cap", { actor: alice })).body.data).toMatchObject({
      used: 0,
      left: 2000,
    });
    const again = await undo(order.id, made.body.data.id);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("CONFLICT");
    // The timeline tells both, newest first; the audit trail has both events.
    const timeline = await call(t.app, "GET", `/api/orders/${order.id}/timeline`, { actor: reader });
    expect(timeline.status).toBe(200);
    expect(
      timeline.body.data.map((entry: { type: string; actor: { id: string }; data: { action: string } }) => [
        entry.type,
        entry.data.action,
        entry.actor.id,
      ]),
    ).toEqual([
      ["refund", "undo", "bob"],
      ["refund", "refund", "alice"],
    ]);
    expect(timeline.body.data[1]).toMatchObject({
      summary: "Refunded 1 unit(s) for 1080 EUR",
      data: { refundId: made.body.data.id, amount: 1080, currency: "EUR" },
    });
    const events = await sql<{
      type: string;
    }>`select type from domain_events where entity_id = ${order.id} and type like 'orders.refund%' order by occurred_at`.execute(
      t.db,
    );
    expect(events.rows.map((row) => row.type)).toEqual(["orders.refund", "orders.refundUndo"]);
    const audit = await sql<{ event: string; actorId: string }>`
      select event, actor_id from audit_entries where entity_id = ${order.id} and event like 'orders.refund%' order by occurred_at`.execute(
      t.db,
    );
    expect(audit.rows).toEqual([
      { event: "orders.refund", actorId: "alice" },
      { event: "orders.refundUndo", actorId: "bob" },
    ]);
    // Its payout finds it undone and pays nothing.
    await ageRefund(made.body.data.id);
    await runJobs();
    expect(provider.refunds).toEqual([]);
    expect((await call(t.app, "GET", `/api/orders/${order.id}/refunds`, { actor: reader })).body.data[0]).toMatchObject(
      { status: "undone", paidOutAt: null },
    );
  });

  it("refuses an undo once the window has passed, with 409 and nothing changed", async () => {
    await setPolicies({ refundUndoWindowMinutes: 5 });
    const order = await paidOrder(t, "confirmed");
    const made = await refund(order.id, [{ lineItemId: order.lines[1]!.lineItemId, quantity: 1 }]);
    const undoMinutes = (Date.parse(made.body.data.undoUntil) - Date.parse(made.body.data.createdAt)) / 60_000;
    expect(undoMinutes).toBeCloseTo(5, 1);
    await sql`update order_refunds set undo_until = now() - interval '1 second' where id = ${made.body.data.id}`.execute(
      t.db,
    );
    const before = await aftersaleTraces(t, order.id);
    const late = await undo(order.id, made.body.data.id);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toContain("undo window has passed");
    expect(await aftersaleTraces(t, order.id)).toEqual(before);
  });

  it("pays the money back only after the undo window, once, with the refund's id as idempotency key", async () => {
    const order = await paidOrder(t, "confirmed");
    const made = await refund(order.id, [{ lineItemId: order.lines[0]!.lineItemId, quantity: 2 }]);
    const refundId: string = made.body.data.id;
    await runJobs();
    expect(provider.refunds).toEqual([]);
    // A job run early (a manual retry) pays nothing either, and waits for the window's end again.
    await sql`update jobs set wait_until = now() where task_slug = 'orders/pay-refund' and input->>'refundId' = ${refundId}`.execute(
      t.db,
    );
    await runJobs();
    expect(provider.refunds).toEqual([]);
    const waiting = await sql<{ count: number }>`
      select count(*)::int as count from jobs where task_slug = 'orders/pay-refund' and input->>'refundId' = ${refundId} and status = 'pending' and wait_until > now()`.execute(
      t.db,
    );
    expect(waiting.rows[0]?.count).toBe(1);

    await ageRefund(refundId);
    await runJobs();
    expect(provider.refunds).toEqual([
      {
        organizationId: "default",
        providerReference: `manual_${order.id}`,
        amount: 2160,
        currency: "EUR",
        idempotencyKey: refundId,
      },
    ]);
    const [paid] = (await call(t.app, "GET", `/api/orders/${order.id}/refunds`, { actor: reader })).body.data;
    expect(paid).toMatchObject({
      status: "paid_out",
      paidOutAt: expect.any(String),
      providerReference: "re_1",
      payoutAttempts: 1,
      payoutError: null,
    });
    await ageRefund(refundId);
    await runJobs();
    expect(provider.refunds).toHaveLength(1);
    expect((await undo(order.id, refundId)).status).toBe(409);
  });

  it("records a failed payout and retries it with backoff until the provider answers", async () => {
    const order = await paidOrder(t, "confirmed");
    const made = await refund(order.id, [{ lineItemId: order.lines[1]!.lineItemId, quantity: 1 }]);
    const refundId: string = made.body.data.id;
    provider.state.isDown = true;
    await ageRefund(refundId);
    await runJobs();
    const [failing] = (await call(t.app, "GET", `/api/orders/${order.id}/refunds`, { actor: reader })).body.data;
    expect(failing).toMatchObject({ status: "pending_payout", payoutAttempts: 1, payoutError: "Provider unavailable" });
    const job = await sql<{
      status: string;
      attempts: number;
    }>`select status, attempts from jobs where task_slug = 'orders/pay-refund' and input->>'refundId' = ${refundId}`.execute(
      t.db,
    );
    expect(job.rows).toEqual([{ status: "pending", attempts: 1 }]);

    provider.state.isDown = false;
    await ageRefund(refundId);
    await runJobs();
    const [paid] = (await call(t.app, "GET", `/api/orders/${order.id}/refunds`, { actor: reader })).body.data;
    expect(paid).toMatchObject({ status: "paid_out", payoutAttempts: 2, payoutError: null });
    expect(provider.refunds.map((call) => call.idempotencyKey)).toEqual([refundId]);
  });

  it("marks the refund payout_failed when the last attempt fails, and pays it when an administrator retries the job", async () => {
    const order = await paidOrder(t, "confirmed");
    const made = await refund(order.id, [{ lineItemId: order.lines[1]!.lineItemId, quantity: 1 }]);
    const refundId: string = made.body.data.id;
    provider.state.isDown = true;
    await ageRefund(refundId);
    await sql`update jobs set max_attempts = 1 where task_slug = 'orders/pay-refund' and input->>'refundId' = ${refundId}`.execute(
      t.db,
    );
    await runJobs();
    const [failed] = (await call(t.app, "GET", `/api/orders/${order.id}/refunds`, { actor: reader })).body.data;
    expect(failed).toMatchObject({ status: "payout_failed", payoutError: "Provider unavailable" });
    const job = await sql<{
      id: string;
      status: string;
    }>`select id, status from jobs where task_slug = 'orders/pay-refund' and input->>'refundId' = ${refundId}`.execute(
      t.db,
    );
    expect(job.rows[0]?.status).toBe("failed");

    provider.state.isDown = false;
    expect((await post(t.app, `/api/admin/jobs/${job.rows[0]?.id}/retry`, { actor: testAdminActor })).status).toBe(200);
    await runJobs();
    const [paid] = (await call(t.app, "GET", `/api/orders/${order.id}/refunds`, { actor: reader })).body.data;
    expect(paid).toMatchObject({ status: "paid_out", payoutError: null });
    expect(provider.refunds.map((request) => request.idempotencyKey)).toEqual([refundId]);
  });

  it("replays a refund sent again with the same Idempotency-Key, refunding once", async () => {
    const order = await paidOrder(t, "confirmed");
    const key = randomUUID();
    const body = { lines: [{ lineItemId: order.lines[0]!.lineItemId, quantity: 1 }] };
    const first = await post(t.app, `/api/orders/${order.id}/refunds`, { actor: alice, body, idempotencyKey: key });
    expect(first.status).toBe(201);
    const afterFirst = await aftersaleTraces(t, order.id);
    const replay = await post(t.app, `/api/orders/${order.id}/refunds`, { actor: alice, body, idempotencyKey: key });
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(await aftersaleTraces(t, order.id)).toEqual(afterFirst);
    expect(afterFirst.refunds).toBe(1);
    expect(afterFirst.refunded).toBe(1);
  });

  it("needs orders:update to refund or undo and orders:read to list", async () => {
    const order = await paidOrder(t, "confirmed");
    const lines = [{ lineItemId: order.lines[0]!.lineItemId, quantity: 1 }];
    expect((await post(t.app, `/api/orders/${order.id}/refunds`, { actor: reader, body: { lines } })).status).toBe(403);
    const made = await refund(order.id, lines);
    expect((await undo(order.id, made.body.data.id, reader)).status).toBe(403);
    expect((await t.app.inject({ url: `/api/orders/${order.id}/refunds` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/orders/refunds/cap" })).statusCode).toBe(401);
  });

  it("documents every refund and fulfillment route in /api/doc", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/doc" })).json();
    expect(doc.paths["/api/orders/{id}/refunds"]).toHaveProperty("post");
    expect(doc.paths["/api/orders/{id}/refunds"]).toHaveProperty("get");
    expect(doc.paths["/api/orders/{id}/refunds/{refundId}/undo"]).toHaveProperty("post");
    expect(doc.paths["/api/orders/refunds/cap"]).toHaveProperty("get");
    expect(doc.paths["/api/orders/{id}/fulfillments"]).toHaveProperty("post");
    expect(doc.paths["/api/orders/{id}/fulfillments"]).toHaveProperty("get");
  });

  it("answers 404 on every refund route for another organization's order or refund", async () => {
    const order = await paidOrder(t, "confirmed");
    const lines = [{ lineItemId: order.lines[0]!.lineItemId, quantity: 1 }];
    const made = await refund(order.id, lines);
    const before = await aftersaleTraces(t, order.id);
    const answers = [
      await post(t.app, `/api/orders/${order.id}/refunds`, { actor: otherOrgAdmin, body: { lines } }),
      await post(t.app, `/api/orders/${order.id}/refunds/${made.body.data.id}/undo`, { actor: otherOrgAdmin }),
      await call(t.app, "GET", `/api/orders/${order.id}/refunds`, { actor: otherOrgAdmin }),
      await post(t.app, `/api/orders/${order.id}/refunds/${randomUUID()}/undo`, { actor: alice }),
      await post(t.app, `/api/orders/not-an-order/refunds`, { actor: alice, body: { lines } }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    expect(await aftersaleTraces(t, order.id)).toEqual(before);
    // Another organization's operator sees their own, empty, day.
    expect((await call(t.app, "GET", "/api/orders/refunds/cap", { actor: otherOrgAdmin })).body.data).toMatchObject({
      used: 0,
    });
  });
});
