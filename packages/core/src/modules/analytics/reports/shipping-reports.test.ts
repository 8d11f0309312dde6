import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../../kernel/actor.js";
import { createTestActor, createTestApp, jsonHeaders, type TestApp } from "../../../testing/index.js";
import { otherOrgAdmin } from "../../catalog/testing.js";
import type { Order } from "../../orders/index.js";
import { operator, orderInput, post } from "../../orders/testing.js";

const analyst = createTestActor({ id: "analyst", permissions: ["analytics:read"] });
const clerk = operator("clerk");

const method = (taxRateBps: number, net: number, tax: number) => ({
  optionId: randomUUID(),
  profileId: null,
  name: `Rate ${taxRateBps}`,
  calculator: "flat" as const,
  isPickup: false,
  warehouseId: null,
  amount: net + tax,
  taxClassId: null,
  taxRateBps,
  net,
  tax,
  gross: net + tax,
});

/**
 * One line of 1000 + 20 % tax, shipped by two methods (500 + 100 tax at 20 %; 300 at 0 %): 2100 paid,
 * 900 of it shipping with 100 of tax. Placed (UTC store) at `at` with `status`.
 */
async function shippedOrder(t: TestApp, at: string, status = "fulfilled"): Promise<Order> {
  const order = await t.kernel.database.transaction((trx) =>
    t.kernel.services.orders.create(
      orderInput({
        isTaxInclusive: false,
        subtotal: 1000,
        discountTotal: 0,
        taxTotal: 200,
        total: 2100,
        shippingTotal: 900,
        shippingTaxTotal: 100,
        shippingMethods: [method(2000, 500, 100), method(0, 300, 0)],
        lines: [
          {
            entityId: randomUUID(),
            variantId: null,
            title: "Parcel",
            sku: null,
            quantity: 1,
            unitPrice: 1000,
            subtotal: 1000,
            discount: 0,
            tax: 200,
            total: 1200,
            taxRateBps: 2000,
          },
        ],
      }),
      { trx },
    ),
  );
  await sql`update orders set created_at = ${at}, status = ${status} where id = ${order.id}`.execute(t.db);
  return order;
}

async function report(t: TestApp, path: string, actor: Actor = analyst) {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/analytics/reports${path}`,
    headers: jsonHeaders(actor),
  });
  return { status: response.statusCode, rows: response.json().data?.rows as Record<string, unknown>[] };
}

describe("shipping in the daily journal and the tax summary", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const order = await shippedOrder(t, "2026-04-10T12:00:00Z");
    await shippedOrder(t, "2026-04-10T13:00:00Z", "cancelled");
    // Half the shipping refunded the next day; another refund of it undone (left out).
    const refunded = await post(t.app, `/api/orders/${order.id}/refunds`, { actor: clerk, body: { shipping: 450 } });
    expect(refunded.status).toBe(201);
    const undone = await post(t.app, `/api/orders/${order.id}/refunds`, { actor: clerk, body: { shipping: 100 } });
    expect(
      (await post(t.app, `/api/orders/${order.id}/refunds/${undone.body.data.id}/undo`, { actor: clerk })).status,
    ).toBe(200);
    await sql`update order_refunds set created_at = '2026-04-11T09:00:00Z' where order_id = ${order.id}`.execute(t.db);
  });
  afterAll(() => t.close());

  it("shows the day's shipping and its tax apart, inside total, and refunded shipping inside the refunds", async () => {
    const placed = await report(t, "/daily-journal?date=2026-04-10");
    expect(placed.rows).toEqual([
      expect.objectContaining({
        orders: 1,
        tax: 200,
        total: 2100,
        shipping: 900,
        shippingTax: 100,
        refunds: 0,
        net: 2100,
        cancelledOrders: 1,
        cancelledTotal: 2100,
      }),
    ]);
    const refunded = await report(t, "/daily-journal?date=2026-04-11");
    expect(refunded.rows).toEqual([
      expect.objectContaining({
        orders: 0,
        shipping: 0,
        refunds: 1,
        refundedAmount: 450,
        refundedShipping: 450,
        // 450 of 900 shipping carrying 100 of tax.
        refundedTax: 50,
        net: -450,
      }),
    ]);
  });

  it("taxes shipping at each method's rate, less the refunded shipping split over the methods", async () => {
    const summary = await report(t, "/tax-summary?from=2026-04-01&to=2026-04-30");
    expect(summary.rows).toEqual([
      {
        currency: "EUR",
        taxRateBps: 0,
        taxRate: 0,
        lines: 0,
        taxableBase: 300,
        tax: 0,
        shippingBase: 300,
        shippingTax: 0,
        // 450 × 300/900 of the refund.
        refundedBase: 150,
        refundedTax: 0,
        refundedShippingBase: 150,
        refundedShippingTax: 0,
        netTaxableBase: 150,
        netTax: 0,
      },
      {
        currency: "EUR",
        taxRateBps: 2000,
        taxRate: 20,
        lines: 1,
        taxableBase: 1500,
        tax: 300,
        shippingBase: 500,
        shippingTax: 100,
        // 450 × 600/900 = 300 of the refund, 50 of it tax.
        refundedBase: 250,
        refundedTax: 50,
        refundedShippingBase: 250,
        refundedShippingTax: 50,
        netTaxableBase: 1250,
        netTax: 250,
      },
    ]);
  });

  it("shows another organization none of it", async () => {
    const theirs = { ...otherOrgAdmin, permissions: ["analytics:read"] };
    expect((await report(t, "/tax-summary?from=2026-04-01&to=2026-04-30", theirs)).rows).toEqual([]);
    expect((await report(t, "/daily-journal?date=2026-04-10", theirs)).rows).toEqual([]);
  });
});
