import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import {
  createTestActor,
  isPostgresTestRun,
  jsonHeaders,
  type AuthPluginTestApp,
} from "@unified-commerce/plugin-sdk/testing";
import { defineHook, definePlugin, manualAdapter, type Actor } from "@unified-commerce/plugin-sdk";
import {
  bootPos,
  confirmedOrder,
  createWarehouse,
  onHand,
  send,
  setPolicies,
  stockedProduct,
  storeAdmin,
  storeTraces,
} from "./pos-test-helpers.js";

/** What the exchange route needs, and nothing more. */
const EXCHANGE_PERMISSIONS = ["pos:manage", "orders:update", "orders:create"];
const clerk = createTestActor({ id: "floor-manager", permissions: EXCHANGE_PERMISSIONS });

type Order = Awaited<ReturnType<typeof confirmedOrder>>;

/** Another plugin whose `orders.afterCreate` hook fails for orders of the `hook-bomb` item, and only those. */
const failingAfterHook = definePlugin({
  id: "failing-after-hook",
  version: "0.0.0",
  hooks: [
    defineHook("orders.afterCreate", async (order) => {
      if (order.lines.some((line) => line.title === "hook-bomb")) throw new Error("the warehouse system is down");
    }),
  ],
});

describe("point of sale: exchanges", () => {
  let t: AuthPluginTestApp;
  let warehouseId: string;
  let shirt: string;
  let socks: string;
  let jacket: string;
  let soldOut: string;

  beforeAll(async () => {
    // `terminal`: a card terminal beside the till, another provider than the till's `manual` one.
    t = await bootPos(
      {},
      { payments: { adapters: [manualAdapter(), manualAdapter({ id: "terminal" })] }, plugins: [failingAfterHook] },
    );
    warehouseId = await createWarehouse(t.app);
    shirt = await stockedProduct(t.app, { slug: "shirt", warehouseId, price: 2000, onHand: 100 });
    socks = await stockedProduct(t.app, { slug: "socks", warehouseId, price: 500, onHand: 100 });
    jacket = await stockedProduct(t.app, { slug: "jacket", warehouseId, price: 5000, onHand: 100 });
    soldOut = await stockedProduct(t.app, { slug: "hat", warehouseId, price: 800, onHand: 0 });
  });
  afterAll(() => t.close());

  const exchange = (body: unknown, actor: Actor | undefined = clerk) =>
    send(t.app, "POST", "/api/pos/exchanges", { ...(actor ? { actor } : {}), body });
  const returning = (order: Order, quantity: number, replacement: { entityId: string; quantity: number }) => ({
    orderId: order.id,
    returnLines: [{ lineItemId: order.lines[0]?.lineItemId, quantity }],
    replacementLines: [replacement],
    warehouseId,
  });

  it("returns a unit for a cheaper item in one go: refund, stock back, a replacement order paid by hand, the store pays the difference", async () => {
    const order = await confirmedOrder(t.app, [{ entityId: shirt, quantity: 2 }]);
    const [shirtsBefore, socksBefore] = [await onHand(t.db, shirt), await onHand(t.db, socks)];

    const answer = await exchange({ ...returning(order, 1, { entityId: socks, quantity: 1 }), reason: "wrong size" });
    expect(answer.status).toBe(201);
    const { refund, replacement, difference, settledAtTill } = answer.body.data;
    expect(refund).toMatchObject({ orderId: order.id, amount: (order.lines[0]?.total ?? 0) / 2, actorId: clerk.id });
    expect(replacement).toMatchObject({
      status: "confirmed",
      paymentMethodId: "manual",
      currency: "EUR",
      lines: [expect.objectContaining({ entityId: socks, quantity: 1 })],
    });
    expect(replacement.id).not.toBe(order.id);
    expect(difference).toBe(replacement.total - refund.amount);
    expect(difference).toBeLessThan(0);
    // The original order was paid by hand: only the difference changes hands at the till.
    expect(settledAtTill).toBe(difference);

    expect(await onHand(t.db, shirt)).toBe(shirtsBefore + 1);
    expect(await onHand(t.db, socks)).toBe(socksBefore - 1);
    const refunds = await send(t.app, "GET", `/api/orders/${order.id}/refunds`, { actor: storeAdmin() });
    expect(refunds.body.data).toEqual([
      expect.objectContaining({
        id: refund.id,
        reason: "wrong size",
        lines: [expect.objectContaining({ quantity: 1 })],
      }),
    ]);
    const placed = await send(t.app, "GET", `/api/orders/${replacement.id}`, { actor: storeAdmin() });
    expect(placed.status).toBe(200);
    expect(placed.body.data).toMatchObject({ total: replacement.total, paymentMethodId: "manual" });

    const audit = await send(t.app, "GET", `/api/audit?event=pos.exchange&entityId=${order.id}`, {
      actor: storeAdmin(),
    });
    expect(audit.body.data).toEqual([
      expect.objectContaining({
        actorId: clerk.id,
        changes: expect.objectContaining({
          orderId: order.id,
          refundId: refund.id,
          replacementOrderId: replacement.id,
          difference,
        }),
      }),
    ]);
  });

  it("returns a unit for a dearer item: the customer pays the difference at the till", async () => {
    const order = await confirmedOrder(t.app, [{ entityId: shirt, quantity: 1 }]);
    const answer = await exchange(returning(order, 1, { entityId: jacket, quantity: 1 }));
    expect(answer.status).toBe(201);
    const { refund, replacement, difference, settledAtTill } = answer.body.data;
    expect(refund.amount).toBe(order.total);
    expect(difference).toBe(replacement.total - order.total);
    expect(difference).toBeGreaterThan(0);
    expect(settledAtTill).toBe(difference);
  });

  it("charges the whole replacement at the till when the original was paid through another provider (the refund goes back through it)", async () => {
    const order = await confirmedOrder(t.app, [{ entityId: shirt, quantity: 1 }], { paymentMethodId: "terminal" });
    expect(order.paymentMethodId).toBe("terminal");
    const answer = await exchange(returning(order, 1, { entityId: socks, quantity: 1 }));
    expect(answer.status).toBe(201);
    const { refund, replacement, difference, settledAtTill } = answer.body.data;
    expect(difference).toBe(replacement.total - refund.amount);
    expect(settledAtTill).toBe(replacement.total);
    expect(replacement.paymentMethodId).toBe("manual");
  });

  it("reports the replacement's failed after-create hooks in meta.hookErrors, the exchange standing", async () => {
    const bomb = await stockedProduct(t.app, { slug: "hook-bomb", warehouseId, price: 700, onHand: 5 });
    const order = await confirmedOrder(t.app, [{ entityId: shirt, quantity: 1 }]);
    const answer = await exchange(returning(order, 1, { entityId: bomb, quantity: 1 }));
    expect(answer.status).toBe(201);
    expect(answer.body.meta.hookErrors).toEqual([
      expect.objectContaining({
        key: "orders.afterCreate",
        message: expect.stringContaining("the warehouse system is down"),
      }),
    ]);
    const placed = await send(t.app, "GET", `/api/orders/${answer.body.data.replacement.id}`, { actor: storeAdmin() });
    expect(placed.body.data.status).toBe("confirmed");
    // Other exchanges carry no meta.
    const calm = await exchange(
      returning(await confirmedOrder(t.app, [{ entityId: shirt, quantity: 1 }]), 1, { entityId: socks, quantity: 1 }),
    );
    expect(calm.body.meta).toBeUndefined();
  });

  // Regression: the replacement was left `pending` (the manual adapter waits for staff), though the till
  // settles it on the spot; a pending order cannot be refunded, so the replacement could never come back.
  it("places the replacement as paid (confirmed), so that it can be exchanged or refunded in turn", async () => {
    const order = await confirmedOrder(t.app, [{ entityId: shirt, quantity: 1 }]);
    const first = await exchange(returning(order, 1, { entityId: socks, quantity: 2 }));
    expect(first.status).toBe(201);
    const replacement = first.body.data.replacement;
    expect(replacement.status).toBe("confirmed");
    const timeline = await send(t.app, "GET", `/api/orders/${replacement.id}/timeline`, { actor: storeAdmin() });
    expect(timeline.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ type: "status" })]));

    const second = await exchange({ ...returning(first.body.data.replacement, 1, { entityId: jacket, quantity: 1 }) });
    expect(second.status).toBe(201);
    const refunded = await send(t.app, "POST", `/api/orders/${replacement.id}/refunds`, {
      actor: clerk,
      body: { lines: [{ lineItemId: replacement.lines[0].lineItemId, quantity: 1 }] },
    });
    expect(refunded.status).toBe(201);
  });

  // Regression: the exchange's refund kept the refund undo window, so undoing it alone made its units
  // refundable again while they were back on the shelf and the replacement was out of the door.
  it("makes the exchange's refund final: it cannot be undone on its own (409), so its units cannot be refunded twice", async () => {
    const order = await confirmedOrder(t.app, [{ entityId: shirt, quantity: 1 }]);
    const { refund } = (await exchange(returning(order, 1, { entityId: socks, quantity: 1 }))).body.data;
    const before = await storeTraces(t.db);
    const undo = await send(t.app, "POST", `/api/orders/${order.id}/refunds/${refund.id}/undo`, {
      actor: storeAdmin(),
    });
    expect(undo.status).toBe(409);
    expect(undo.body.error.code).toBe("CONFLICT");
    expect(await storeTraces(t.db)).toEqual(before);
    const again = await send(t.app, "POST", `/api/orders/${order.id}/refunds`, {
      actor: clerk,
      body: { lines: [{ lineItemId: order.lines[0]?.lineItemId, quantity: 1 }] },
    });
    expect(again.status).toBe(422);
  });

  describe("a refusal half-way leaves nothing written", () => {
    const refusedWithoutTrace = async (body: unknown, status: number, code: string, actor: Actor = clerk) => {
      const before = await storeTraces(t.db);
      const answer = await exchange(body, actor);
      expect(answer.status).toBe(status);
      expect(answer.body.error.code).toBe(code);
      expect(await storeTraces(t.db)).toEqual(before);
      return answer;
    };

    it("a replacement out of stock: 422 CHECKOUT_FAILED after the refund and the restock ran", async () => {
      const order = await confirmedOrder(t.app, [{ entityId: shirt, quantity: 1 }]);
      await refusedWithoutTrace(returning(order, 1, { entityId: soldOut, quantity: 1 }), 422, "CHECKOUT_FAILED");
      // More than the shelf holds fails the same way.
      await refusedWithoutTrace(returning(order, 1, { entityId: socks, quantity: 999 }), 422, "CHECKOUT_FAILED");
      expect((await exchange(returning(order, 1, { entityId: socks, quantity: 1 }))).status).toBe(201);
    });

    it("more units back than can still be refunded, or a line of another order: 422", async () => {
      const order = await confirmedOrder(t.app, [{ entityId: shirt, quantity: 2 }]);
      const other = await confirmedOrder(t.app, [{ entityId: shirt, quantity: 1 }]);
      await refusedWithoutTrace(returning(order, 3, { entityId: socks, quantity: 1 }), 422, "VALIDATION_FAILED");
      await refusedWithoutTrace(
        {
          ...returning(order, 1, { entityId: socks, quantity: 1 }),
          returnLines: [{ lineItemId: other.lines[0]?.lineItemId, quantity: 1 }],
        },
        422,
        "VALIDATION_FAILED",
      );
      await refusedWithoutTrace(
        {
          ...returning(order, 1, { entityId: socks, quantity: 1 }),
          replacementLines: [{ entityId: "00000000-0000-4000-8000-000000000000", quantity: 1 }],
        },
        422,
        "VALIDATION_FAILED",
      );
    });

    it("a refund past the operator's daily cap: 403", async () => {
      const order = await confirmedOrder(t.app, [{ entityId: shirt, quantity: 1 }]);
      await setPolicies(t.app, { refundDailyCap: 1 });
      try {
        await refusedWithoutTrace(returning(order, 1, { entityId: socks, quantity: 1 }), 403, "FORBIDDEN");
      } finally {
        await setPolicies(t.app, { refundDailyCap: null });
      }
    });

    it("an order that cannot be refunded (cancelled): 409", async () => {
      const order = await confirmedOrder(t.app, [{ entityId: shirt, quantity: 1 }]);
      expect(
        (
          await send(t.app, "PATCH", `/api/orders/${order.id}/status`, {
            actor: storeAdmin(),
            body: { status: "cancelled" },
          })
        ).status,
      ).toBe(200);
      await refusedWithoutTrace(returning(order, 1, { entityId: socks, quantity: 1 }), 409, "CONFLICT");
    });

    it("another store's order: 404", async () => {
      const org = "other-store";
      await t.addMember({ email: "owner@other.test", role: "owner", organizationId: org });
      const theirWarehouse = await createWarehouse(t.app, "main", org);
      const cup = await stockedProduct(t.app, {
        slug: "cup",
        warehouseId: theirWarehouse,
        price: 1000,
        onHand: 5,
        organizationId: org,
      });
      const theirs = await confirmedOrder(t.app, [{ entityId: cup, quantity: 1 }], { organizationId: org });
      await refusedWithoutTrace(
        {
          orderId: theirs.id,
          returnLines: [{ lineItemId: theirs.lines[0]?.lineItemId, quantity: 1 }],
          replacementLines: [{ entityId: socks, quantity: 1 }],
          warehouseId,
        },
        404,
        "NOT_FOUND",
      );
      // Nor does their warehouse take this store's units back.
      const order = await confirmedOrder(t.app, [{ entityId: shirt, quantity: 1 }]);
      await refusedWithoutTrace(
        { ...returning(order, 1, { entityId: socks, quantity: 1 }), warehouseId: theirWarehouse },
        404,
        "NOT_FOUND",
      );
    });

    it("needs pos:manage, orders:update and orders:create (403), and a caller (401)", async () => {
      const order = await confirmedOrder(t.app, [{ entityId: shirt, quantity: 1 }]);
      const body = returning(order, 1, { entityId: socks, quantity: 1 });
      for (const missing of EXCHANGE_PERMISSIONS) {
        const actor = createTestActor({
          id: `without-${missing}`,
          permissions: EXCHANGE_PERMISSIONS.filter((permission) => permission !== missing),
        });
        await refusedWithoutTrace(body, 403, "FORBIDDEN", actor);
      }
      const before = await storeTraces(t.db);
      expect((await send(t.app, "POST", "/api/pos/exchanges", { body })).status).toBe(401);
      expect(await storeTraces(t.db)).toEqual(before);
    });

    it("hostile input (NUL bytes, huge ids, wrong types, too many lines): 4xx before anything is written", async () => {
      const order = await confirmedOrder(t.app, [{ entityId: shirt, quantity: 1 }]);
      const good = returning(order, 1, { entityId: socks, quantity: 1 });
      const line = good.returnLines[0];
      const hostile: unknown[] = [
        { ...good, reason: "broken\u0000" },
        { ...good, orderId: `${order.id}\u0000` },
        { ...good, orderId: "9".repeat(100_000) },
        { ...good, warehouseId: "x".repeat(5_000) },
        { ...good, returnLines: [{ ...line, lineItemId: "1".repeat(10_000) }] },
        { ...good, returnLines: [{ ...line, quantity: "1" }] },
        { ...good, returnLines: [{ ...line, quantity: 0.5 }] },
        { ...good, returnLines: [{ ...line, quantity: -1 }] },
        { ...good, returnLines: [{ ...line, quantity: 1e308 }] },
        { ...good, returnLines: { 0: line } },
        { ...good, returnLines: [] },
        { ...good, returnLines: Array.from({ length: 101 }, () => line) },
        { ...good, replacementLines: [{ entityId: socks, quantity: 1000 }] },
        { ...good, replacementLines: [{ entityId: socks, variantId: 7, quantity: 1 }] },
        { ...good, replacementLines: null },
        { ...good, reason: "r".repeat(501) },
        { ...good, reason: { $ne: "" } },
        [good],
        "exchange",
        null,
      ];
      const before = await storeTraces(t.db);
      for (const body of hostile) {
        const answer = await exchange(body);
        expect(answer.status, JSON.stringify(body).slice(0, 120)).toBeGreaterThanOrEqual(400);
        expect(answer.status, JSON.stringify(body).slice(0, 120)).toBeLessThan(500);
      }
      expect(await storeTraces(t.db)).toEqual(before);
      expect((await exchange(good)).status).toBe(201);
    });

    it("the same line twice in one exchange: 422, nothing written", async () => {
      const order = await confirmedOrder(t.app, [{ entityId: shirt, quantity: 2 }]);
      const line = { lineItemId: order.lines[0]?.lineItemId, quantity: 1 };
      await refusedWithoutTrace(
        { ...returning(order, 1, { entityId: socks, quantity: 1 }), returnLines: [line, line] },
        422,
        "VALIDATION_FAILED",
      );
    });
  });

  it("answers a service-level failure half-way with 500 POS_SERVICE_FAILED, its message and the request id, nothing written", async () => {
    const order = await confirmedOrder(t.app, [{ entityId: shirt, quantity: 1 }]);
    // The stock log missing: the restock step fails in the database after the refund was written.
    await sql`alter table inventory_adjustments rename to inventory_adjustments_away`.execute(t.db);
    try {
      const before = await storeTraces(t.db, { hasAdjustments: false });
      const response = await t.app.inject({
        method: "POST",
        url: "/api/pos/exchanges",
        headers: jsonHeaders(clerk),
        payload: JSON.stringify(returning(order, 1, { entityId: socks, quantity: 1 })),
      });
      expect(response.statusCode).toBe(500);
      const body = response.json<{ error: { code: string; message: string; requestId: string } }>();
      expect(body.error.code).toBe("POS_SERVICE_FAILED");
      expect(body.error.message).toMatch(/^Point-of-sale service failed: .*inventory_adjustments/);
      expect(body.error.requestId).toBe(response.headers["x-request-id"]);
      expect(await storeTraces(t.db, { hasAdjustments: false })).toEqual(before);
    } finally {
      await sql`alter table inventory_adjustments_away rename to inventory_adjustments`.execute(t.db);
    }
  });

  it.skipIf(!isPostgresTestRun())(
    "lets exactly one of 10 concurrent exchanges of the same single unit through",
    async () => {
      const order = await confirmedOrder(t.app, [{ entityId: shirt, quantity: 1 }]);
      const [shirtsBefore, socksBefore] = [await onHand(t.db, shirt), await onHand(t.db, socks)];
      const before = await storeTraces(t.db);

      const answers = await Promise.all(
        Array.from({ length: 10 }, () => exchange(returning(order, 1, { entityId: socks, quantity: 1 }))),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      for (const answer of answers.filter((candidate) => candidate.status !== 201)) {
        expect(answer.status).toBe(422);
        expect(answer.body.error.code).toBe("VALIDATION_FAILED");
      }
      const after = await storeTraces(t.db);
      expect(after.refunds - before.refunds).toBe(1);
      expect(after.orders - before.orders).toBe(1);
      expect(after.refundedUnits - before.refundedUnits).toBe(1);
      expect(await onHand(t.db, shirt)).toBe(shirtsBefore + 1);
      expect(await onHand(t.db, socks)).toBe(socksBefore - 1);
    },
  );
});
