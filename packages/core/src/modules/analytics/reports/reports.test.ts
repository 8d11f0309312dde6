import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../../kernel/actor.js";
import { createTestActor, createTestApp, jsonHeaders, type TestApp } from "../../../testing/index.js";
import { call, createEntity, otherOrgAdmin } from "../../catalog/testing.js";
import { cartWith, checkout, createWarehouse, stockedProduct } from "../../checkout/testing.js";
import { storefrontKey } from "../../carts/testing.js";
import { operator, post, orderInput } from "../../orders/testing.js";
import type { CreateOrderInput, CreateOrderLineInput, Order } from "../../orders/index.js";

const analyst = createTestActor({ id: "analyst", permissions: ["analytics:read"] });
const alice = operator("alice");
const bob = operator("bob");
/** A till's shift key minted for bob: what it sells is bob's. */
const bobsTill: Actor = {
  ...createTestActor({ id: "till-key-1", type: "apiKey", permissions: ["orders:create"] }),
  userId: "bob",
};
const shopKey: Actor = createTestActor({ id: "shop-key", type: "apiKey", permissions: ["orders:create"] });

async function report(t: TestApp, path: string, options: { actor?: Actor; accept?: string } = {}) {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/analytics/reports${path}`,
    headers: { ...jsonHeaders(options.actor ?? analyst), ...(options.accept ? { accept: options.accept } : {}) },
  });
  const isCsv = String(response.headers["content-type"]).startsWith("text/csv");
  return {
    status: response.statusCode,
    headers: response.headers,
    text: response.body,
    body: isCsv ? undefined : response.json(),
  };
}

/** One line of `quantity` units at `unitPrice`, tax `rateBps` included in the price or added to it. */
function line(input: {
  quantity: number;
  unitPrice: number;
  rateBps: number;
  isTaxInclusive: boolean;
  entityId?: string;
  title?: string;
  sku?: string | null;
}): CreateOrderLineInput {
  const subtotal = input.quantity * input.unitPrice;
  const tax = input.isTaxInclusive
    ? Math.round((subtotal * input.rateBps) / (10_000 + input.rateBps))
    : Math.round((subtotal * input.rateBps) / 10_000);
  return {
    entityId: input.entityId ?? randomUUID(),
    variantId: null,
    title: input.title ?? "Item",
    sku: input.sku ?? null,
    quantity: input.quantity,
    unitPrice: input.unitPrice,
    subtotal,
    discount: 0,
    tax,
    total: input.isTaxInclusive ? subtotal : subtotal + tax,
    taxRateBps: input.rateBps,
  };
}

/** An order of `lines` (no discount), its totals summed from them. */
function orderOf(lines: CreateOrderLineInput[], overrides: Partial<CreateOrderInput> = {}): Partial<CreateOrderInput> {
  const sum = (pick: (l: CreateOrderLineInput) => number) => lines.reduce((total, l) => total + pick(l), 0);
  return {
    subtotal: sum((l) => l.subtotal),
    discountTotal: 0,
    taxTotal: sum((l) => l.tax),
    total: sum((l) => l.total),
    lines,
    ...overrides,
  };
}

/** An order placed by `actor` the way checkout places it, then dated `at` and moved to `status`. */
async function placeOrder(
  t: TestApp,
  input: { actor: Actor | null; at: string; status?: string; order?: Partial<CreateOrderInput> },
): Promise<Order> {
  const organizationId = input.actor?.organizationId ?? "default";
  const order = await t.kernel.database.transaction((trx) =>
    t.kernel.services.orders.create(orderInput({ organizationId, actor: input.actor, ...input.order }), { trx }),
  );
  await sql`update orders set created_at = ${input.at}, status = ${input.status ?? "fulfilled"} where id = ${order.id}`.execute(
    t.db,
  );
  return order;
}

/** A refund through the refunds route, then dated `at`. */
async function refundOf(
  t: TestApp,
  order: Order,
  lineIndex: number,
  quantity: number,
  actor: Actor,
  at: string,
): Promise<string> {
  const response = await post(t.app, `/api/orders/${order.id}/refunds`, {
    actor,
    body: { lines: [{ lineItemId: order.lines[lineIndex]!.lineItemId, quantity }] },
  });
  expect(response.status).toBe(201);
  await sql`update order_refunds set created_at = ${at} where id = ${response.body.data.id}`.execute(t.db);
  return response.body.data.id;
}

// New York moves to daylight time on 2026-03-08 at 02:00: that store day is 23 hours long, from
// 05:00 UTC to 04:00 UTC the next day. A fixed -5 offset would end it an hour late, UTC dates
// would start it five hours early; each of the orders and refunds near its edges catches one of them.
describe("sales reports (America/New_York, across the daylight-saving change)", () => {
  let t: TestApp;
  let orderA: Order;
  let orderB: Order;

  beforeAll(async () => {
    t = await createTestApp();
    expect(
      (await call(t.app, "PATCH", "/api/settings/general", { body: { timezone: "America/New_York" } })).status,
    ).toBe(200);
    expect((await call(t.app, "PATCH", "/api/settings/policies", { body: { refundDailyCap: null } })).status).toBe(200);

    // A: 00:30 on March 8 (EST). The default input: mug 2 x 1000 - 200 + 360 tax = 2160, tea 1000 - 100 + 180 = 1080 (20 %, tax exclusive).
    orderA = await placeOrder(t, { actor: alice, at: "2026-03-08T05:30:00Z" });
    // B: 23:30 on March 8 (EDT), by card through bob's till key: 3 x 1000 with 10 % tax included: tax round(3000 / 11) = 273.
    orderB = await placeOrder(t, {
      actor: bobsTill,
      at: "2026-03-09T03:30:00Z",
      order: orderOf([line({ quantity: 3, unitPrice: 1000, rateBps: 1000, isTaxInclusive: true })], {
        isTaxInclusive: true,
        paymentMethodId: "card",
      }),
    });
    // C: 00:30 on March 9 (EDT), anonymous, 500 without tax: a fixed -5 offset would put it on March 8.
    const orderC = await placeOrder(t, {
      actor: null,
      at: "2026-03-09T04:30:00Z",
      order: orderOf([line({ quantity: 1, unitPrice: 500, rateBps: 0, isTaxInclusive: false })]),
    });
    // D: 23:30 on March 7 (EST) through the shop's API key, 700 without tax: UTC dates would put it on March 8.
    await placeOrder(t, {
      actor: shopKey,
      at: "2026-03-08T04:30:00Z",
      order: orderOf([line({ quantity: 1, unitPrice: 700, rateBps: 0, isTaxInclusive: false })]),
    });
    // E: March 8, cancelled: apart in the journal, nowhere else.
    await placeOrder(t, {
      actor: alice,
      at: "2026-03-08T15:00:00Z",
      status: "cancelled",
      order: orderOf([line({ quantity: 1, unitPrice: 1000, rateBps: 0, isTaxInclusive: false })]),
    });

    // Alice refunds one mug of A on March 8 (16:00 EDT): half of 2160 = 1080, tax round(1080 x 360 / 2160) = 180.
    await refundOf(t, orderA, 0, 1, alice, "2026-03-08T20:00:00Z");
    // Bob refunds one unit of B at 00:30 on March 9 (EDT): 1000, tax round(1000 x 273 / 3000) = 91.
    await refundOf(t, orderB, 0, 1, bob, "2026-03-09T04:30:00Z");
    // Alice refunds C on March 9, then undoes it: counted nowhere.
    const undone = await refundOf(t, orderC, 0, 1, alice, "2026-03-09T15:00:00Z");
    expect((await post(t.app, `/api/orders/${orderC.id}/refunds/${undone}/undo`, { actor: alice })).status).toBe(200);

    // Another store's sales on the same days: never counted.
    const stranger = createTestActor({ id: "stranger", permissions: ["orders:create"], organizationId: "other-store" });
    await placeOrder(t, {
      actor: stranger,
      at: "2026-03-08T12:00:00Z",
      order: orderOf([line({ quantity: 9, unitPrice: 9999, rateBps: 2000, isTaxInclusive: false })]),
    });
  });
  afterAll(() => t.close());

  it("records who placed each order: the user behind a till key, an API key, nobody", async () => {
    const { rows } = await sql<{
      id: string;
      placedById: string | null;
      placedByType: string | null;
    }>`select id, placed_by_id, placed_by_type from orders`.execute(t.db);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(orderA.id)).toMatchObject({ placedById: "alice", placedByType: "user" });
    expect(byId.get(orderB.id)).toMatchObject({ placedById: "bob", placedByType: "user" });
  });

  it("daily-journal: the store day's orders and refunds per payment method, cancelled orders apart", async () => {
    const response = await report(t, "/daily-journal?date=2026-03-08");
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      name: "daily-journal",
      timezone: "America/New_York",
      from: "2026-03-08",
      to: "2026-03-08",
      parameters: { date: "2026-03-08" },
    });
    expect(response.body.data.rows).toEqual([
      {
        currency: "EUR",
        paymentMethod: "card",
        orders: 1,
        gross: 3000,
        discounts: 0,
        tax: 273,
        total: 3000,
        shipping: 0,
        shippingTax: 0,
        refunds: 0,
        refundedAmount: 0,
        refundedShipping: 0,
        refundedTax: 0,
        net: 3000,
        cancelledOrders: 0,
        cancelledTotal: 0,
      },
      {
        currency: "EUR",
        paymentMethod: "manual",
        orders: 1,
        gross: 3000,
        discounts: 300,
        tax: 540,
        total: 3240,
        shipping: 0,
        shippingTax: 0,
        refunds: 1,
        refundedAmount: 1080,
        refundedShipping: 0,
        refundedTax: 180,
        net: 2160,
        cancelledOrders: 1,
        cancelledTotal: 1000,
      },
    ]);
    const nextDay = await report(t, "/daily-journal?date=2026-03-09");
    expect(nextDay.body.data.rows).toEqual([
      {
        currency: "EUR",
        paymentMethod: "card",
        orders: 0,
        gross: 0,
        discounts: 0,
        tax: 0,
        total: 0,
        shipping: 0,
        shippingTax: 0,
        refunds: 1,
        refundedAmount: 1000,
        refundedShipping: 0,
        refundedTax: 91,
        net: -1000,
        cancelledOrders: 0,
        cancelledTotal: 0,
      },
      {
        currency: "EUR",
        paymentMethod: "manual",
        orders: 1,
        gross: 500,
        discounts: 0,
        tax: 0,
        total: 500,
        shipping: 0,
        shippingTax: 0,
        refunds: 0,
        refundedAmount: 0,
        refundedShipping: 0,
        refundedTax: 0,
        net: 500,
        cancelledOrders: 0,
        cancelledTotal: 0,
      },
    ]);
    const dayBefore = await report(t, "/daily-journal?date=2026-03-07");
    expect(dayBefore.body.data.rows).toEqual([
      expect.objectContaining({ paymentMethod: "manual", orders: 1, total: 700, net: 700 }),
    ]);
  });

  it("daily-journal defaults to today in the store's time zone", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    const response = await report(t, "/daily-journal");
    expect(response.body.data).toMatchObject({ from: today, to: today, rows: [] });
  });

  it("tax-summary: base and tax per rate, less the refunded base and tax, undone refunds left out", async () => {
    const response = await report(t, "/tax-summary?from=2026-03-01&to=2026-03-31");
    expect(response.status).toBe(200);
    expect(response.body.data.rows).toEqual([
      // C 500 and D 700; E is cancelled.
      {
        currency: "EUR",
        taxRateBps: 0,
        taxRate: 0,
        lines: 2,
        taxableBase: 1200,
        tax: 0,
        shippingBase: 0,
        shippingTax: 0,
        refundedBase: 0,
        refundedTax: 0,
        refundedShippingBase: 0,
        refundedShippingTax: 0,
        netTaxableBase: 1200,
        netTax: 0,
      },
      // B: 3000 - 273; its refund 1000 - 91.
      {
        currency: "EUR",
        taxRateBps: 1000,
        taxRate: 10,
        lines: 1,
        taxableBase: 2727,
        tax: 273,
        shippingBase: 0,
        shippingTax: 0,
        refundedBase: 909,
        refundedTax: 91,
        refundedShippingBase: 0,
        refundedShippingTax: 0,
        netTaxableBase: 1818,
        netTax: 182,
      },
      // A: (2160 - 360) + (1080 - 180); its refund 1080 - 180.
      {
        currency: "EUR",
        taxRateBps: 2000,
        taxRate: 20,
        lines: 2,
        taxableBase: 2700,
        tax: 540,
        shippingBase: 0,
        shippingTax: 0,
        refundedBase: 900,
        refundedTax: 180,
        refundedShippingBase: 0,
        refundedShippingTax: 0,
        netTaxableBase: 1800,
        netTax: 360,
      },
    ]);
    // March 8 alone: A and B, and A's refund (B's is on March 9).
    const day = await report(t, "/tax-summary?from=2026-03-08&to=2026-03-08");
    expect(day.body.data.rows).toEqual([
      expect.objectContaining({ taxRateBps: 1000, taxableBase: 2727, tax: 273, refundedTax: 0, netTax: 273 }),
      expect.objectContaining({ taxRateBps: 2000, taxableBase: 2700, tax: 540, refundedTax: 180, netTax: 360 }),
    ]);
  });

  it("staff-sales: orders each actor placed and refunds each issued, a till key's sales credited to its user", async () => {
    const response = await report(t, "/staff-sales?from=2026-03-01&to=2026-03-31");
    expect(response.status).toBe(200);
    expect(response.body.data.rows).toEqual([
      {
        currency: "EUR",
        actorType: "user",
        actorId: "alice",
        orders: 1,
        total: 3240,
        refunds: 1,
        refundedAmount: 1080,
        net: 2160,
      },
      {
        currency: "EUR",
        actorType: "user",
        actorId: "bob",
        orders: 1,
        total: 3000,
        refunds: 1,
        refundedAmount: 1000,
        net: 2000,
      },
      {
        currency: "EUR",
        actorType: "apiKey",
        actorId: "shop-key",
        orders: 1,
        total: 700,
        refunds: 0,
        refundedAmount: 0,
        net: 700,
      },
      {
        currency: "EUR",
        actorType: null,
        actorId: null,
        orders: 1,
        total: 500,
        refunds: 0,
        refundedAmount: 0,
        net: 500,
      },
    ]);
  });

  it("answers CSV for Accept: text/csv: header row, CRLF, minor units, attachment named after the period", async () => {
    const day = await report(t, "/daily-journal?date=2026-03-08", { accept: "text/csv" });
    expect(day.status).toBe(200);
    expect(day.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(day.headers["content-disposition"]).toBe("attachment; filename=daily-journal-2026-03-08.csv");
    expect(day.text).toBe(
      [
        "currency,paymentMethod,orders,gross,discounts,tax,total,shipping,shippingTax,refunds,refundedAmount,",
        "refundedShipping,refundedTax,net,cancelledOrders,cancelledTotal\r\n",
        "EUR,card,1,3000,0,273,3000,0,0,0,0,0,0,3000,0,0\r\n",
        "EUR,manual,1,3000,300,540,3240,0,0,1,1080,0,180,2160,1,1000\r\n",
      ].join(""),
    );
    const staff = await report(t, "/staff-sales?from=2026-03-01&to=2026-03-31", {
      accept: "text/csv;q=0.9, application/json;q=0.5",
    });
    expect(staff.headers["content-disposition"]).toBe("attachment; filename=staff-sales-2026-03-01_2026-03-31.csv");
    expect(staff.text.split("\r\n").at(-2)).toBe("EUR,,,1,500,0,0,500");
    // JSON stays the answer when the client prefers it.
    expect(
      (await report(t, "/daily-journal?date=2026-03-08", { accept: "application/json, text/csv;q=0.5" })).body.data
        .name,
    ).toBe("daily-journal");
  });

  it("counts only the caller's store", async () => {
    const other = await report(t, "/daily-journal?date=2026-03-08", {
      actor: { ...otherOrgAdmin, permissions: ["analytics:read"] },
    });
    expect(other.status).toBe(200);
    // The other store keeps UTC: 12:00 UTC is on its March 8.
    expect(other.body.data).toMatchObject({
      timezone: "UTC",
      rows: [expect.objectContaining({ orders: 1, total: 9 * 9999 + Math.round(9 * 9999 * 0.2) })],
    });
    const staff = await report(t, "/staff-sales?from=2026-03-01&to=2026-03-31", {
      actor: { ...otherOrgAdmin, permissions: ["analytics:read"] },
    });
    expect(staff.body.data.rows).toEqual([expect.objectContaining({ actorId: "stranger", orders: 1 })]);
  });

  it("lists the reports with their parameters and columns", async () => {
    const response = await report(t, "");
    expect(response.status).toBe(200);
    expect(response.body.data.map((r: { name: string }) => r.name)).toEqual([
      "daily-journal",
      "tax-summary",
      "inventory-aging",
      "sell-through",
      "reorder-needed",
      "staff-sales",
    ]);
    const reorder = response.body.data.find((r: { name: string }) => r.name === "reorder-needed");
    expect(reorder.parameters.map((p: { name: string }) => p.name)).toEqual([
      "date",
      "lookbackDays",
      "leadTimeDays",
      "coverDays",
    ]);
    expect(reorder.columns).toContainEqual(expect.objectContaining({ name: "suggestedQuantity", type: "integer" }));
    const journal = response.body.data.find((r: { name: string }) => r.name === "daily-journal");
    expect(journal.columns).toContainEqual(expect.objectContaining({ name: "net", type: "money" }));
  });

  it("refuses malformed and impossible dates, reversed and oversized ranges, and parameters a report does not take (422)", async () => {
    for (const path of [
      "/daily-journal?date=2026-02-30",
      "/daily-journal?date=2026-1-1",
      "/daily-journal?date=20260101",
      "/daily-journal?date=2026-03-08T00:00",
      "/daily-journal?date=",
      "/tax-summary?from=2026-03-10&to=2026-03-01",
      "/tax-summary?from=2026-01-01&to=2027-01-02",
      "/tax-summary?from=2000-01-01",
      "/tax-summary?to=2026-13-01",
      "/tax-summary?date=2026-03-08",
      "/daily-journal?from=2026-03-01",
      "/daily-journal?lookbackDays=3",
      "/reorder-needed?lookbackDays=0",
      "/reorder-needed?leadTimeDays=abc",
      "/staff-sales?from=2026-03-01&to=2026-03-31&extra=1",
      "/staff-sales?from=2026-03-01&from=2026-03-02",
    ]) {
      const response = await report(t, path);
      expect(response.status, path).toBe(422);
      expect(response.body.error.code, path).toBe("VALIDATION_FAILED");
    }
    // 366 days is the longest period (2026 is not a leap year: January 1 to January 1).
    expect((await report(t, "/tax-summary?from=2026-01-01&to=2027-01-01")).status).toBe(200);
  });

  it("answers 404 for an unknown report, 403 without analytics:read, 401 anonymous", async () => {
    expect((await report(t, "/profit-and-loss")).status).toBe(404);
    expect(
      (await report(t, "/daily-journal", { actor: createTestActor({ id: "clerk", permissions: ["orders:read"] }) }))
        .status,
    ).toBe(403);
    expect(
      (await report(t, "", { actor: createTestActor({ id: "clerk", permissions: ["orders:read"] }) })).status,
    ).toBe(403);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/analytics/reports/daily-journal" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows the reports in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/doc" })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/analytics/reports", "/api/analytics/reports/{name}"]),
    );
  });
});

describe("stock reports", () => {
  let t: TestApp;
  let warehouseId: string;
  let lamp: string;
  let vase: string;

  const adjust = async (entityId: string, type: string, quantity: number, at: string) => {
    const response = await call(t.app, "POST", "/api/inventory/adjust", {
      body: { entityId, warehouseId, type, quantity },
    });
    expect(response.status).toBe(200);
    await sql`update inventory_adjustments set created_at = ${at} where id = (
      select id from inventory_adjustments where entity_id = ${entityId} order by created_at desc limit 1)`.execute(
      t.db,
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
    expect((await call(t.app, "PATCH", "/api/settings/policies", { body: { refundDailyCap: null } })).status).toBe(200);
    warehouseId = await createWarehouse(t.app);
    lamp = await createEntity(t.app, { slug: "lamp" });
    vase = await createEntity(t.app, { slug: "vase" });
    // Lamp: 10 on March 1, 5 on April 20, 8 sold on May 10, 4 on June 15, 6 sold on July 5.
    await adjust(lamp, "restock", 10, "2026-03-01T10:00:00Z");
    await adjust(lamp, "restock", 5, "2026-04-20T10:00:00Z");
    await adjust(lamp, "sale", 8, "2026-05-10T10:00:00Z");
    await adjust(lamp, "restock", 4, "2026-06-15T10:00:00Z");
    await adjust(lamp, "sale", 6, "2026-07-05T10:00:00Z");
    // Vase: a positive correction of 3 on January 1, never sold.
    await adjust(vase, "correction", 3, "2026-01-01T10:00:00Z");
    // Two lamps held by a cart today: 5 on hand, 3 available.
    expect(
      (await call(t.app, "POST", "/api/inventory/reserve", { body: { entityId: lamp, warehouseId, quantity: 2 } }))
        .status,
    ).toBe(201);

    // May: 8 lamps sold (one refunded later) under a title a spreadsheet would run; a vase in an order cancelled since.
    const lampLine = line({
      quantity: 8,
      unitPrice: 2500,
      rateBps: 2000,
      isTaxInclusive: false,
      entityId: lamp,
      title: '=HYPERLINK("http://evil")',
      sku: '-LAMP, "big"',
    });
    const lampOrder = await placeOrder(t, { actor: alice, at: "2026-05-10T10:00:00Z", order: orderOf([lampLine]) });
    await refundOf(t, lampOrder, 0, 1, alice, "2026-05-12T10:00:00Z");
    await placeOrder(t, {
      actor: alice,
      at: "2026-05-20T10:00:00Z",
      status: "cancelled",
      order: orderOf([line({ quantity: 1, unitPrice: 900, rateBps: 0, isTaxInclusive: false, entityId: vase })]),
    });

    // Another store's stock and sales of the same products: never counted.
    const stranger = createTestActor({ id: "stranger", permissions: ["orders:create"], organizationId: "other-store" });
    await placeOrder(t, {
      actor: stranger,
      at: "2026-05-15T10:00:00Z",
      order: orderOf([line({ quantity: 50, unitPrice: 100, rateBps: 0, isTaxInclusive: false, entityId: lamp })]),
    });
    const strangersWarehouse = (
      await call(t.app, "POST", "/api/inventory/warehouses", {
        actor: otherOrgAdmin,
        body: { name: "theirs", code: "theirs" },
      })
    ).body.data.id;
    await sql`insert into inventory_adjustments (id, organization_id, warehouse_id, entity_id, type, quantity, on_hand_after, created_at)
      values (${randomUUID()}, 'other-store', ${strangersWarehouse}, ${lamp}, 'restock', 100, 100, '2026-02-01T00:00:00Z')`.execute(
      t.db,
    );
    await sql`insert into inventory_levels (id, organization_id, warehouse_id, entity_id, on_hand, reserved)
      values (${randomUUID()}, 'other-store', ${strangersWarehouse}, ${lamp}, 100, 0)`.execute(t.db);
  });
  afterAll(() => t.close());

  it("inventory-aging: stock at the end of the day split by receipt age, first in first out", async () => {
    const response = await report(t, "/inventory-aging?date=2026-06-30");
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    // Lamp on June 30: 10 + 5 - 8 + 4 = 11: the 4 of June 15 (15 days), the 5 of April 20 (71 days), 2 of March 1 (121 days).
    expect(response.body.data.rows).toEqual(
      [
        {
          warehouseId,
          warehouseCode: "main",
          entityId: lamp,
          variantId: null,
          onHand: 11,
          days0To30: 4,
          days31To60: 0,
          days61To90: 5,
          daysOver90: 2,
          unattributed: 0,
          oldestReceiptDate: "2026-03-01",
          lastSaleDate: "2026-05-10",
        },
        {
          warehouseId,
          warehouseCode: "main",
          entityId: vase,
          variantId: null,
          onHand: 3,
          days0To30: 0,
          days31To60: 0,
          days61To90: 0,
          daysOver90: 3,
          unattributed: 0,
          oldestReceiptDate: "2026-01-01",
          lastSaleDate: null,
        },
      ].sort((a, b) => a.entityId.localeCompare(b.entityId)),
    );
    // Before anything was received there is nothing to age.
    expect((await report(t, "/inventory-aging?date=2025-12-31")).body.data.rows).toEqual([]);
  });

  it("inventory-aging today reads today's stock: 5 lamps, the June receipt and one of April", async () => {
    const response = await report(t, "/inventory-aging");
    const lampRow = response.body.data.rows.find((row: { entityId: string }) => row.entityId === lamp);
    expect(lampRow).toMatchObject({
      onHand: 5,
      daysOver90: 5,
      unattributed: 0,
      oldestReceiptDate: "2026-04-20",
      lastSaleDate: "2026-07-05",
    });
  });

  it("sell-through: units sold less refunds against stock at the end of the period", async () => {
    const response = await report(t, "/sell-through?from=2026-05-01&to=2026-05-31");
    expect(response.status).toBe(200);
    // Lamp: 8 - 1 refunded = 7 sold, 10 + 5 - 8 = 7 on hand on May 31: 50 %. Vase: its order was cancelled, 3 on hand.
    expect(response.body.data.rows).toEqual([
      {
        entityId: lamp,
        variantId: null,
        title: '=HYPERLINK("http://evil")',
        sku: '-LAMP, "big"',
        unitsSold: 7,
        onHand: 7,
        sellThrough: 50,
      },
      { entityId: vase, variantId: null, title: null, sku: null, unitsSold: 0, onHand: 3, sellThrough: 0 },
    ]);
    const csv = await report(t, "/sell-through?from=2026-05-01&to=2026-05-31", { accept: "text/csv" });
    expect(csv.text.split("\r\n")[1]).toBe(`${lamp},,"'=HYPERLINK(""http://evil"")","'-LAMP, ""big""",7,7,50`);
  });

  it("reorder-needed: available stock at or below the lead time's sales, with the quantity to order", async () => {
    const response = await report(t, "/reorder-needed?date=2026-05-31");
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      from: "2026-05-02",
      to: "2026-05-31",
      parameters: { date: "2026-05-31", lookbackDays: 30, leadTimeDays: 14, coverDays: 30 },
    });
    // 7 lamps in 30 days: reorder point ceil(7 x 14 / 30) = 4 >= 3 available; ceil(7 x 44 / 30) = 11 - 3 = 8 to order.
    expect(response.body.data.rows).toEqual([
      {
        entityId: lamp,
        variantId: null,
        title: '=HYPERLINK("http://evil")',
        sku: '-LAMP, "big"',
        unitsSold: 7,
        averageDailyUnits: 0.23,
        onHand: 5,
        reserved: 2,
        available: 3,
        reorderPoint: 4,
        daysOfStock: 12.86,
        suggestedQuantity: 8,
      },
    ]);
    // A shorter lead time: ceil(7 x 7 / 30) = 2 < 3 available, nothing to order.
    expect((await report(t, "/reorder-needed?date=2026-05-31&leadTimeDays=7")).body.data.rows).toEqual([]);
    // A lookback that ends before the sale: nothing sold, nothing listed.
    expect((await report(t, "/reorder-needed?date=2026-05-09")).body.data.rows).toEqual([]);
  });

  it("records the actor of a real checkout, and sells through what checkout took from stock", async () => {
    const mugs = await stockedProduct(t.app, { slug: "mug", warehouseId, price: 1200, onHand: 10 });
    const placed = await checkout(t.app, await cartWith(t.app, [{ entityId: mugs, quantity: 4 }]));
    expect(placed.status).toBe(201);
    const { rows } = await sql<{
      placedById: string;
      placedByType: string;
    }>`select placed_by_id, placed_by_type from orders where id = ${placed.body.data.id}`.execute(t.db);
    expect(rows[0]).toEqual({ placedById: storefrontKey.id, placedByType: "apiKey" });
    const through = await report(t, "/sell-through");
    expect(through.body.data.rows).toContainEqual(
      expect.objectContaining({ entityId: mugs, unitsSold: 4, onHand: 6, sellThrough: 40 }),
    );
    const staff = await report(t, "/staff-sales");
    expect(staff.body.data.rows).toContainEqual(
      expect.objectContaining({
        actorType: "apiKey",
        actorId: storefrontKey.id,
        orders: 1,
        total: placed.body.data.total,
      }),
    );
  });

  it("counts only the caller's store", async () => {
    const other = { ...otherOrgAdmin, permissions: ["analytics:read"] };
    const aging = await report(t, "/inventory-aging?date=2026-06-30", { actor: other });
    expect(aging.body.data.rows).toEqual([expect.objectContaining({ entityId: lamp, onHand: 100 })]);
    const through = await report(t, "/sell-through?from=2026-05-01&to=2026-05-31", { actor: other });
    expect(through.body.data.rows).toEqual([expect.objectContaining({ entityId: lamp, unitsSold: 50, onHand: 100 })]);
  });
});
