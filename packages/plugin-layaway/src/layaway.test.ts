import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPluginTestApp,
  createTestActor,
  testAdminActor,
  testNoPermActor,
  type TestApp,
} from "@unified-commerce/plugin-sdk/testing";
import { layaway } from "./layaway-plugin.js";
import { call, clerk, daysFromNow, layawayTraces, planBody, stockedProduct, stockOf } from "./layaway-test-helpers.js";

describe("layaway plugin", () => {
  let t: TestApp;
  let tea: string;
  let pot: string;
  beforeAll(async () => {
    t = await createPluginTestApp(layaway({ minDepositPercent: 20, forfeitFeePercent: 10 }));
    tea = await stockedProduct(t, { slug: "tea", price: 2500, onHand: 10 });
    pot = await stockedProduct(t, { slug: "pot", price: 5000, onHand: 2 });
  });
  afterAll(() => t.close());

  const createPlan = (body: unknown, actor = clerk) => call(t, "POST", "/api/layaways", { actor, body });

  it("makes a plan priced by the server, takes the deposit and holds the stock until the deadline", async () => {
    const created = await createPlan(
      planBody(
        [
          { entityId: tea, quantity: 2 },
          { entityId: pot, quantity: 1 },
        ],
        { deposit: { amount: 2000, method: "cash" } },
      ),
    );
    expect(created.status).toBe(201);
    const plan = created.body.data;
    expect(plan).toMatchObject({
      status: "active",
      customerId: "customer-1",
      currency: "EUR",
      subtotal: 10000,
      total: 10000,
      depositAmount: 2000,
      paidAmount: 2000,
      balance: 8000,
      orderId: null,
    });
    expect(plan.lines).toEqual([
      expect.objectContaining({ entityId: tea, quantity: 2, unitPrice: 2500, total: 5000 }),
      expect.objectContaining({ entityId: pot, quantity: 1, unitPrice: 5000, total: 5000 }),
    ]);
    // 8000 left over three installments, 30 days apart; the deadline is the last one plus 7 days.
    expect(plan.installments.map((i: { amount: number }) => i.amount)).toEqual([2666, 2666, 2668]);
    const lastDue = new Date(plan.installments[2].dueAt).getTime();
    expect(new Date(plan.deadline).getTime()).toBe(lastDue + 7 * 24 * 3600 * 1000);
    expect(plan.ledger).toEqual([
      expect.objectContaining({ kind: "deposit", amount: 2000, method: "cash", provider: "manual", actorId: "clerk" }),
    ]);

    expect(await stockOf(t, tea)).toMatchObject({ onHand: 10, reserved: 2, available: 8 });
    expect(await stockOf(t, pot)).toMatchObject({ onHand: 2, reserved: 1, available: 1 });
    const { rows } = await sql<{
      status: string;
      expiresAt: Date;
    }>`select status, expires_at from inventory_reservations where reference = ${`layaway:${plan.id}`}`.execute(t.db);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toEqual({ status: "active", expiresAt: new Date(plan.deadline) });
    const events = await sql<{
      type: string;
    }>`select type from domain_events where entity_id = ${plan.id} order by occurred_at, type`.execute(t.db);
    expect(events.rows.map((row) => row.type).sort()).toEqual(["layaway.create", "layaway.payment"]);

    const read = await call(t, "GET", `/api/layaways/${plan.id}`, { actor: clerk });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(plan);
  });

  it("takes explicit due dates and deadline", async () => {
    const dueDates = [daysFromNow(10), daysFromNow(20)];
    const deadline = daysFromNow(25);
    const created = await createPlan(
      planBody([{ entityId: tea, quantity: 1 }], { deposit: { amount: 500 }, schedule: { dueDates }, deadline }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data.installments).toEqual([
      expect.objectContaining({ sequence: 1, dueAt: dueDates[0], amount: 1000, isCovered: false }),
      expect.objectContaining({ sequence: 2, dueAt: dueDates[1], amount: 1000, isCovered: false }),
    ]);
    expect(created.body.data.deadline).toBe(deadline);
    expect(created.body.data.ledger[0].method).toBe("cash");
  });

  it("refuses bad plans with 422 (and a client price outright), leaving nothing behind", async () => {
    const before = await layawayTraces(t.db);
    const line = [{ entityId: tea, quantity: 1 }];
    for (const body of [
      { ...planBody(line), lines: [{ entityId: tea, quantity: 1, unitPrice: 1 }] },
      { ...planBody(line), total: 1 },
      planBody(line, { deposit: { amount: 499 } }),
      planBody(line, { deposit: { amount: 2500 } }),
      planBody(line, { schedule: { dueDates: [daysFromNow(-1)] } }),
      planBody(line, { schedule: { dueDates: [daysFromNow(20), daysFromNow(10)] } }),
      planBody(line, { schedule: { count: 2, intervalDays: 30 }, deadline: daysFromNow(40) }),
      planBody(line, { schedule: { count: 2, intervalDays: 30 }, deadline: daysFromNow(400) }),
      planBody(line, { schedule: { count: 0, intervalDays: 30 } }),
      planBody([...line, ...line]),
      planBody(line, { currency: "USD" }),
      planBody([{ entityId: "00000000-0000-4000-8000-000000000000", quantity: 1 }]),
      planBody(line, { customerId: "" }),
      planBody([]),
    ]) {
      const refused = await createPlan(body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.error.code).toBe("VALIDATION_FAILED");
    }
    expect(await layawayTraces(t.db)).toEqual(before);
  });

  it("refuses a plan the stock cannot hold with 409, reserving none of its lines", async () => {
    const before = await layawayTraces(t.db);
    const refused = await createPlan(
      planBody(
        [
          { entityId: tea, quantity: 1 },
          { entityId: pot, quantity: 2 },
        ],
        { deposit: { amount: 5000 } },
      ),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("CONFLICT");
    expect(await layawayTraces(t.db)).toEqual(before);
  });

  it("records installments; the one reaching the total completes the plan into one confirmed order, converting the held stock", async () => {
    const plan = (
      await createPlan(
        planBody([{ entityId: tea, quantity: 2 }], {
          deposit: { amount: 1000 },
          schedule: { count: 2, intervalDays: 14 },
        }),
      )
    ).body.data;
    const stockBefore = await stockOf(t, tea);
    const first = await call(t, "POST", `/api/layaways/${plan.id}/payments`, {
      actor: clerk,
      body: { amount: 2000, method: "card-terminal" },
    });
    expect(first.status).toBe(201);
    expect(first.body.data.order).toBeNull();
    expect(first.body.data.payment).toMatchObject({ kind: "installment", amount: 2000, method: "card-terminal" });
    expect(first.body.data.plan).toMatchObject({ status: "active", paidAmount: 3000, balance: 2000 });
    expect(first.body.data.plan.installments.map((i: { isCovered: boolean }) => i.isCovered)).toEqual([true, false]);

    const before = await layawayTraces(t.db);
    const over = await call(t, "POST", `/api/layaways/${plan.id}/payments`, { actor: clerk, body: { amount: 2001 } });
    expect(over.status).toBe(422);
    expect(over.body.error.code).toBe("VALIDATION_FAILED");
    expect(await layawayTraces(t.db)).toEqual(before);

    const last = await call(t, "POST", `/api/layaways/${plan.id}/payments`, { actor: clerk, body: { amount: 2000 } });
    expect(last.status).toBe(201);
    const { plan: completed, order } = last.body.data;
    expect(completed).toMatchObject({ status: "completed", paidAmount: 5000, balance: 0, orderId: order.id });
    expect(order.status).toBe("confirmed");
    const read = await call(t, "GET", `/api/orders/${order.id}`);
    expect(read.body.data).toMatchObject({
      status: "confirmed",
      customerId: "customer-1",
      total: 5000,
      cartId: plan.id,
      paymentMethodId: "manual",
    });
    expect(read.body.data.lines).toEqual([
      expect.objectContaining({ entityId: tea, quantity: 2, unitPrice: 2500, total: 5000 }),
    ]);
    // Converted, not reserved again: on hand and reserved both drop by the plan's 2.
    expect(await stockOf(t, tea)).toEqual({
      onHand: stockBefore.onHand - 2,
      reserved: stockBefore.reserved - 2,
      available: stockBefore.available,
    });
    const types = await sql<{ type: string }>`select type from domain_events where entity_id = ${plan.id}`.execute(
      t.db,
    );
    expect(types.rows.map((row) => row.type).filter((type) => type === "layaway.complete")).toHaveLength(1);

    // Completed is final: no more payments, no forfeit.
    const again = await call(t, "POST", `/api/layaways/${plan.id}/payments`, { actor: clerk, body: { amount: 1 } });
    expect(again.status).toBe(409);
    expect((await call(t, "POST", `/api/layaways/${plan.id}/forfeit`, { body: {} })).status).toBe(409);
  });

  it("forfeits: releases the stock, keeps the fee and the ledger, refunds the rest; then refuses every move with 409", async () => {
    const stockBefore = await stockOf(t, tea);
    const plan = (await createPlan(planBody([{ entityId: tea, quantity: 3 }], { deposit: { amount: 3000 } }))).body
      .data;
    await call(t, "POST", `/api/layaways/${plan.id}/payments`, { actor: clerk, body: { amount: 1500 } });
    expect(await stockOf(t, tea)).toMatchObject({ reserved: stockBefore.reserved + 3 });

    const forfeited = await call(t, "POST", `/api/layaways/${plan.id}/forfeit`, {
      body: { note: "customer moved away" },
    });
    expect(forfeited.status).toBe(200);
    // Fee: 10% of 7500 = 750 kept; 4500 paid, 3750 refunded.
    expect(forfeited.body.data).toMatchObject({
      status: "forfeited",
      forfeitReason: "manual",
      forfeitFee: 750,
      refundedAmount: 3750,
      paidAmount: 4500,
    });
    expect(
      forfeited.body.data.ledger.map((entry: { kind: string; amount: number }) => [entry.kind, entry.amount]),
    ).toEqual([
      ["deposit", 3000],
      ["installment", 1500],
      ["refund", 3750],
    ]);
    expect(await stockOf(t, tea)).toEqual(stockBefore);

    const before = await layawayTraces(t.db);
    expect((await call(t, "POST", `/api/layaways/${plan.id}/forfeit`, { body: {} })).status).toBe(409);
    const pay = await call(t, "POST", `/api/layaways/${plan.id}/payments`, { actor: clerk, body: { amount: 100 } });
    expect(pay.status).toBe(409);
    expect(pay.body.error.code).toBe("CONFLICT");
    expect(await layawayTraces(t.db)).toEqual(before);
  });

  it("keeps at most what was paid as the fee", async () => {
    const plan = (await createPlan(planBody([{ entityId: tea, quantity: 4 }], { deposit: { amount: 2000 } }))).body
      .data;
    await sql`update layaway_plans set deposit_amount = 500, paid_amount = 500 where id = ${plan.id}`.execute(t.db);
    const forfeited = await call(t, "POST", `/api/layaways/${plan.id}/forfeit`, { body: {} });
    expect(forfeited.body.data).toMatchObject({ forfeitFee: 500, refundedAmount: 0 });
    expect(forfeited.body.data.ledger.map((entry: { kind: string }) => entry.kind)).toEqual(["deposit"]);
  });

  it("refuses payments past the deadline with 409 (the job forfeits the plan)", async () => {
    const plan = (await createPlan(planBody([{ entityId: tea, quantity: 1 }], { deposit: { amount: 500 } }))).body.data;
    await sql`update layaway_plans set deadline = now() - interval '1 minute' where id = ${plan.id}`.execute(t.db);
    const before = await layawayTraces(t.db);
    const late = await call(t, "POST", `/api/layaways/${plan.id}/payments`, { actor: clerk, body: { amount: 100 } });
    expect(late.status).toBe(409);
    expect(await layawayTraces(t.db)).toEqual(before);
    await call(t, "POST", `/api/layaways/${plan.id}/forfeit`, { body: {} });
  });

  it("lists plans newest first, by status, a page at a time", async () => {
    const all = await call(t, "GET", "/api/layaways?limit=100", { actor: clerk });
    expect(all.status).toBe(200);
    const statuses = all.body.data.map((plan: { status: string }) => plan.status);
    expect(statuses).toEqual(expect.arrayContaining(["active", "completed", "forfeited"]));
    expect(all.body.data[0]).not.toHaveProperty("ledger");
    const created = all.body.data.map((plan: { createdAt: string }) => plan.createdAt);
    expect([...created].sort().reverse()).toEqual(created);

    const forfeited = await call(t, "GET", "/api/layaways?status=forfeited", { actor: clerk });
    expect(forfeited.body.data.every((plan: { status: string }) => plan.status === "forfeited")).toBe(true);
    expect(forfeited.body.meta.pagination.total).toBe(
      statuses.filter((status: string) => status === "forfeited").length,
    );
    const page = await call(t, "GET", "/api/layaways?limit=1&page=2", { actor: clerk });
    expect(page.body.data).toEqual([all.body.data[1]]);
    expect(page.body.meta.pagination).toMatchObject({ page: 2, limit: 1, total: all.body.meta.pagination.total });
    expect((await call(t, "GET", "/api/layaways?status=paused", { actor: clerk })).status).toBe(422);
  });

  it("hides another store's plans (404) and lists none of them", async () => {
    const plan = (await createPlan(planBody([{ entityId: tea, quantity: 1 }], { deposit: { amount: 500 } }))).body.data;
    const otherStore = createTestActor({ id: "other", permissions: ["*:*"], organizationId: "another-store" });
    const before = await layawayTraces(t.db);
    expect((await call(t, "GET", `/api/layaways/${plan.id}`, { actor: otherStore })).status).toBe(404);
    expect(
      (await call(t, "POST", `/api/layaways/${plan.id}/payments`, { actor: otherStore, body: { amount: 100 } })).status,
    ).toBe(404);
    expect((await call(t, "POST", `/api/layaways/${plan.id}/forfeit`, { actor: otherStore, body: {} })).status).toBe(
      404,
    );
    expect((await call(t, "GET", "/api/layaways", { actor: otherStore })).body.data).toEqual([]);
    // Nor can another store hold this store's stock.
    expect(
      (await createPlan(planBody([{ entityId: tea, quantity: 1 }], { deposit: { amount: 500 } }), otherStore)).status,
    ).toBe(422);
    expect(await layawayTraces(t.db)).toEqual(before);
    expect((await call(t, "GET", "/api/layaways/not-a-uuid", { actor: clerk })).status).toBe(422);
    expect((await call(t, "GET", "/api/layaways/00000000-0000-4000-8000-000000000000", { actor: clerk })).status).toBe(
      404,
    );
  });

  it("needs its permissions: layaway:operate, orders:create for payments, layaway:manage to forfeit", async () => {
    const plan = (await createPlan(planBody([{ entityId: tea, quantity: 1 }], { deposit: { amount: 500 } }))).body.data;
    const before = await layawayTraces(t.db);
    const operatorOnly = createTestActor({ id: "operator", permissions: ["layaway:operate"] });
    expect(
      (await createPlan(planBody([{ entityId: tea, quantity: 1 }], { deposit: { amount: 500 } }), testNoPermActor))
        .status,
    ).toBe(403);
    expect((await call(t, "GET", "/api/layaways", { actor: testNoPermActor })).status).toBe(403);
    expect((await call(t, "GET", `/api/layaways/${plan.id}`, { actor: testNoPermActor })).status).toBe(403);
    const payment = await call(t, "POST", `/api/layaways/${plan.id}/payments`, {
      actor: operatorOnly,
      body: { amount: 100 },
    });
    expect(payment.status).toBe(403);
    expect(payment.body.error.code).toBe("FORBIDDEN");
    expect((await call(t, "POST", `/api/layaways/${plan.id}/forfeit`, { actor: clerk, body: {} })).status).toBe(403);
    expect(await layawayTraces(t.db)).toEqual(before);
    const manager = createTestActor({ id: "manager", permissions: ["layaway:manage"] });
    expect((await call(t, "POST", `/api/layaways/${plan.id}/forfeit`, { actor: manager, body: {} })).status).toBe(200);
  });

  it("shows its routes, permissions and events in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ url: "/api/doc" })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/layaways",
        "/api/layaways/{id}",
        "/api/layaways/{id}/payments",
        "/api/layaways/{id}/forfeit",
      ]),
    );
    const endpoint = await call(t, "POST", "/api/webhooks", {
      actor: testAdminActor,
      body: { url: "http://127.0.0.1:9/layaways", events: ["layaway.complete", "layaway.forfeit"] },
    });
    expect(endpoint.status).toBe(201);
  });
});
