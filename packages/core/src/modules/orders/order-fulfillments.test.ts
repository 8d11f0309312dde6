import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, type TestApp } from "../../testing/index.js";
import { call, otherOrgAdmin } from "../catalog/testing.js";
import { aftersaleTraces, operator, paidOrder, post } from "./order-aftersale-test-helpers.js";

const shipper = operator("shipper");
const reader = createTestActor({ id: "order-reader", permissions: ["orders:read"] });

describe("order fulfillments", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const fulfil = (orderId: string, body: Record<string, unknown>, actor = shipper) =>
    post(t.app, `/api/orders/${orderId}/fulfillments`, { actor, body });
  const statusOf = async (orderId: string) =>
    (await call(t.app, "GET", `/api/orders/${orderId}`, { actor: reader })).body.data.status;
  const eventsOf = async (orderId: string) =>
    (
      await sql<{ type: string; payload: Record<string, unknown>; actorId: string | null }>`
        select type, payload, actor_id from domain_events where entity_id = ${orderId} and type <> 'orders.create' order by occurred_at, id`.execute(
        t.db,
      )
    ).rows;

  it("ships part of a processing order (partially_fulfilled), then the rest (fulfilled), with fulfillment.create each time", async () => {
    const order = await paidOrder(t, "processing");
    const [mug, tea] = [order.lines[0]!, order.lines[1]!];
    const first = await fulfil(order.id, {
      lines: [{ lineItemId: mug.lineItemId, quantity: 1 }],
      carrier: "La Poste",
      trackingNumber: "LP123",
      trackingUrl: "https://track.example/LP123",
    });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      orderId: order.id,
      carrier: "La Poste",
      trackingNumber: "LP123",
      trackingUrl: "https://track.example/LP123",
      actorId: "shipper",
      lines: [{ lineItemId: mug.lineItemId, quantity: 1 }],
    });
    expect(await statusOf(order.id)).toBe("partially_fulfilled");

    const rest = await fulfil(order.id, {
      lines: [
        { lineItemId: tea.lineItemId, quantity: 1 },
        { lineItemId: mug.lineItemId, quantity: 1 },
      ],
    });
    expect(rest.status).toBe(201);
    expect(rest.body.data).toMatchObject({ carrier: null, trackingNumber: null, trackingUrl: null });
    expect(await statusOf(order.id)).toBe("fulfilled");
    const read = await call(t.app, "GET", `/api/orders/${order.id}`, { actor: reader });
    expect(read.body.data.lines.map((line: { fulfilledQuantity: number }) => line.fulfilledQuantity)).toEqual([2, 1]);

    const events = await eventsOf(order.id);
    expect(events.map((event) => [event.type, event.payload.to ?? event.payload.orderStatus, event.actorId])).toEqual([
      ["orders.statusChange", "partially_fulfilled", "shipper"],
      ["fulfillment.create", "partially_fulfilled", "shipper"],
      ["orders.statusChange", "fulfilled", "shipper"],
      ["fulfillment.create", "fulfilled", "shipper"],
    ]);
    const timeline = await sql<{ type: string }>`select type from order_timeline where order_id = ${order.id}`.execute(
      t.db,
    );
    expect(timeline.rows).toEqual([{ type: "status" }, { type: "status" }]);

    const listed = await call(t.app, "GET", `/api/orders/${order.id}/fulfillments`, { actor: reader });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((fulfillment: { id: string }) => fulfillment.id)).toEqual([
      rest.body.data.id,
      first.body.data.id,
    ]);
  });

  it("ships a whole processing order at once straight to fulfilled", async () => {
    const order = await paidOrder(t, "processing");
    const response = await fulfil(order.id, {
      lines: order.lines.map((line) => ({ lineItemId: line.lineItemId, quantity: line.quantity })),
    });
    expect(response.status).toBe(201);
    expect(await statusOf(order.id)).toBe("fulfilled");
  });

  it("refuses to ship an order that is not processing or partially fulfilled, with 409 and nothing written", async () => {
    for (const status of ["pending", "confirmed", "fulfilled", "refunded", "cancelled"] as const) {
      const order = await paidOrder(t, status);
      const before = await aftersaleTraces(t, order.id);
      const response = await fulfil(order.id, { lines: [{ lineItemId: order.lines[0]!.lineItemId, quantity: 1 }] });
      expect(response.status, status).toBe(409);
      expect(response.body.error.code).toBe("CONFLICT");
      expect(await statusOf(order.id)).toBe(status);
      expect(await aftersaleTraces(t, order.id)).toEqual(before);
    }
  });

  it("refuses more units than are left to ship, an unknown line or a repeated one, with 422 and nothing written", async () => {
    const order = await paidOrder(t, "processing");
    const [mug, tea] = [order.lines[0]!, order.lines[1]!];
    expect((await fulfil(order.id, { lines: [{ lineItemId: mug.lineItemId, quantity: 1 }] })).status).toBe(201);
    const before = await aftersaleTraces(t, order.id);
    const refusals = [
      await fulfil(order.id, {
        lines: [
          { lineItemId: tea.lineItemId, quantity: 1 },
          { lineItemId: mug.lineItemId, quantity: 2 },
        ],
      }),
      await fulfil(order.id, { lines: [{ lineItemId: randomUUID(), quantity: 1 }] }),
      await fulfil(order.id, {
        lines: [
          { lineItemId: tea.lineItemId, quantity: 1 },
          { lineItemId: tea.lineItemId, quantity: 1 },
        ],
      }),
      await fulfil(order.id, { lines: [] }),
      await fulfil(order.id, {
        lines: [{ lineItemId: tea.lineItemId, quantity: 1 }],
        trackingUrl: "javascript:alert(1)",
      }),
    ];
    expect(refusals.map((response) => response.status)).toEqual([422, 422, 422, 422, 422]);
    expect(refusals[0]?.body.error.message).toContain("at most 1 unit(s)");
    expect(await statusOf(order.id)).toBe("partially_fulfilled");
    expect(await aftersaleTraces(t, order.id)).toEqual(before);
  });

  it("needs orders:update to ship and orders:read to list", async () => {
    const order = await paidOrder(t, "processing");
    expect(
      (await fulfil(order.id, { lines: [{ lineItemId: order.lines[0]!.lineItemId, quantity: 1 }] }, reader)).status,
    ).toBe(403);
    expect((await t.app.inject({ url: `/api/orders/${order.id}/fulfillments` })).statusCode).toBe(401);
  });

  it("answers 404 for another organization's order on both routes", async () => {
    const order = await paidOrder(t, "processing");
    const before = await aftersaleTraces(t, order.id);
    expect(
      (await fulfil(order.id, { lines: [{ lineItemId: order.lines[0]!.lineItemId, quantity: 1 }] }, otherOrgAdmin))
        .status,
    ).toBe(404);
    expect((await call(t.app, "GET", `/api/orders/${order.id}/fulfillments`, { actor: otherOrgAdmin })).status).toBe(
      404,
    );
    expect((await call(t.app, "GET", `/api/orders/not-an-order/fulfillments`, { actor: reader })).status).toBe(404);
    expect(await aftersaleTraces(t, order.id)).toEqual(before);
  });
});
