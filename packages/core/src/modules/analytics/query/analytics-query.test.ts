import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestActor,
  createTestApp,
  testAdminActor,
  testCustomerActor,
  testNoPermActor,
  type TestApp,
} from "../../../testing/index.js";
import type { Actor } from "../../../kernel/actor.js";
import { call, createEntity, otherOrgAdmin } from "../../catalog/testing.js";
import { createCustomer } from "../../customers/testing.js";
import { paidOrder, post, recordingManualAdapter, singleLine, createOrder } from "../../orders/testing.js";

const analyst = createTestActor({ id: "analyst", permissions: ["analytics:read"] });
const otherAnalyst = createTestActor({
  id: "other-analyst",
  permissions: ["analytics:read"],
  organizationId: "other-store",
});
/** The seeded orders' months: refund orders, placed today, fall outside. */
const SEEDED = { dimension: "createdAt", dateRange: { from: "2026-01-01", to: "2026-06-30" } };

describe("analytics queries over the core models", () => {
  let t: TestApp;
  const provider = recordingManualAdapter();
  const query = (body: Record<string, unknown>, actor: Actor = analyst) =>
    call(t.app, "POST", "/api/analytics/query", { actor, body });
  const rows = async (body: Record<string, unknown>, actor: Actor = analyst) => {
    const response = await query(body, actor);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as Record<string, unknown>[];
  };

  /** One order of one line, placed at `at` (UTC) and moved to `status`. */
  const placeOrder = async (input: {
    organizationId?: string;
    total: number;
    quantity: number;
    status: string;
    currency: string;
    customerId: string;
    at: string;
    isTaxInclusive?: boolean;
  }) => {
    const { total, quantity } = input;
    const order = await createOrder(t.kernel, {
      organizationId: input.organizationId ?? "default",
      currency: input.currency,
      customerId: input.customerId,
      isTaxInclusive: input.isTaxInclusive ?? false,
      promotionCodes: [],
      subtotal: total,
      discountTotal: 0,
      taxTotal: 0,
      total,
      lines: [
        {
          entityId: randomUUID(),
          variantId: null,
          title: "Box",
          sku: `BOX-${total}`,
          quantity,
          unitPrice: total / quantity,
          subtotal: total,
          discount: 0,
          tax: 0,
          total,
          taxRateBps: 0,
        },
      ],
    });
    await sql`update orders set status = ${input.status}, created_at = ${input.at} where id = ${order.id}`.execute(
      t.db,
    );
    await sql`update order_lines set created_at = ${input.at} where order_id = ${order.id}`.execute(t.db);
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { payments: { adapters: [provider.adapter] } } });
    expect(
      (
        await call(t.app, "PATCH", "/api/settings/general", {
          actor: testAdminActor,
          body: { timezone: "America/New_York" },
        })
      ).status,
    ).toBe(200);
    // New York is UTC-5 in March until the 8th, UTC-4 after: A is on March 1st there, March 2nd in UTC.
    await placeOrder({
      total: 1000,
      quantity: 1,
      status: "pending",
      currency: "EUR",
      customerId: "c1",
      at: "2026-03-02T03:00:00Z",
    }); // A
    await placeOrder({
      total: 2000,
      quantity: 2,
      status: "confirmed",
      currency: "EUR",
      customerId: "c2",
      at: "2026-03-02T15:00:00Z",
    }); // B
    await placeOrder({
      total: 3000,
      quantity: 3,
      status: "confirmed",
      currency: "EUR",
      customerId: "c1",
      at: "2026-03-09T12:00:00Z",
    }); // C
    await placeOrder({
      total: 4000,
      quantity: 4,
      status: "cancelled",
      currency: "USD",
      customerId: "c3",
      at: "2026-04-15T12:00:00Z",
      isTaxInclusive: true,
    }); // D
    await placeOrder({
      organizationId: "other-store",
      total: 9999,
      quantity: 9,
      status: "confirmed",
      currency: "EUR",
      customerId: "c9",
      at: "2026-03-02T15:00:00Z",
    });

    // Refunds: 1 then 2 of 4 units worth 1000 (250 each); the first is undone.
    const refunded = await paidOrder(t, "fulfilled", singleLine(4, 1000));
    const lineItemId = refunded.lines[0]?.lineItemId;
    const refunder = createTestActor({ id: "refunder", permissions: ["orders:read", "orders:update"] });
    const first = await post(t.app, `/api/orders/${refunded.id}/refunds`, {
      actor: refunder,
      body: { lines: [{ lineItemId, quantity: 1 }] },
    });
    const second = await post(t.app, `/api/orders/${refunded.id}/refunds`, {
      actor: refunder,
      body: { lines: [{ lineItemId, quantity: 2 }] },
    });
    expect([first.body.data.amount, second.body.data.amount]).toEqual([250, 500]);
    expect(
      (await post(t.app, `/api/orders/${refunded.id}/refunds/${first.body.data.id}/undo`, { actor: refunder })).status,
    ).toBe(200);

    // Stock: +20, -3, +2 in one warehouse; the other store's 50 units stay its own.
    for (const [actor, moves] of [
      [
        testAdminActor,
        [
          ["restock", 20],
          ["sale", 3],
          ["return", 2],
        ],
      ],
      [otherOrgAdmin, [["restock", 50]]],
    ] as const) {
      const entityId = await createEntity(t.app, { title: "Lamp", slug: `lamp-${actor.id}` }, actor);
      const warehouse = await call(t.app, "POST", "/api/inventory/warehouses", {
        actor,
        body: { name: "Main", code: "main" },
      });
      for (const [type, quantity] of moves) {
        const adjusted = await call(t.app, "POST", "/api/inventory/adjust", {
          actor,
          body: { entityId, warehouseId: warehouse.body.data.id, type, quantity },
        });
        expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
      }
    }

    await createCustomer(t.app, { email: "ada@example.com", acceptsMarketing: true });
    await createCustomer(t.app, { email: "bob@example.com", acceptsMarketing: false });
    await createCustomer(t.app, { email: "eve@example.com" }, otherOrgAdmin);
  }, 60_000);
  afterAll(() => t.close());

  it("lists every core model with its measures and dimensions, without tables or columns", async () => {
    const response = await call(t.app, "GET", "/api/analytics/meta", { actor: analyst });
    expect(response.status).toBe(200);
    const models = response.body.data.models as {
      name: string;
      measures: { name: string }[];
      dimensions: { name: string; type: string; granularities: string[] | null }[];
    }[];
    expect(models.map((model) => model.name)).toEqual(
      expect.arrayContaining([
        "orders",
        "orderLines",
        "refunds",
        "inventoryLevels",
        "inventoryAdjustments",
        "customers",
      ]),
    );
    const orders = models.find((model) => model.name === "orders");
    expect(orders?.measures.map((measure) => measure.name)).toEqual([
      "count",
      "customers",
      "subtotal",
      "discountTotal",
      "taxTotal",
      "total",
      "shippingTotal",
      "shippingTaxTotal",
      "shippingRefunded",
      "averageTotal",
      "minTotal",
      "maxTotal",
    ]);
    expect(orders?.dimensions.find((dimension) => dimension.name === "createdAt")).toEqual({
      name: "createdAt",
      type: "time",
      granularities: ["hour", "day", "week", "month", "quarter", "year"],
      description: "When the order was placed",
    });
    expect(orders?.dimensions.find((dimension) => dimension.name === "status")).toMatchObject({
      type: "string",
      granularities: null,
    });
    const text = JSON.stringify(response.body);
    for (const secret of ["order_lines", "created_at", "organization_id", "table"]) expect(text).not.toContain(secret);
  });

  it("sums orders by status, the largest total first, with numbers as numbers", async () => {
    const response = await query({
      model: "orders",
      measures: ["count", "total", "averageTotal"],
      dimensions: ["status"],
      timeDimension: SEEDED,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      { status: "confirmed", count: 2, total: 5000, averageTotal: 2500 },
      { status: "cancelled", count: 1, total: 4000, averageTotal: 4000 },
      { status: "pending", count: 1, total: 1000, averageTotal: 1000 },
    ]);
    expect(response.body.meta).toEqual({
      model: "orders",
      measures: ["count", "total", "averageTotal"],
      dimensions: ["status"],
      timeDimension: { dimension: "createdAt", granularity: null },
      timezone: "America/New_York",
      limit: 1000,
      hasMore: false,
    });
  });

  it("computes every kind of measure over the organization's orders only", async () => {
    const measures = [
      "count",
      "customers",
      "subtotal",
      "discountTotal",
      "taxTotal",
      "total",
      "averageTotal",
      "minTotal",
      "maxTotal",
    ];
    expect(await rows({ model: "orders", measures, timeDimension: SEEDED })).toEqual([
      {
        count: 4,
        customers: 3,
        subtotal: 10000,
        discountTotal: 0,
        taxTotal: 0,
        total: 10000,
        averageTotal: 2500,
        minTotal: 1000,
        maxTotal: 4000,
      },
    ]);
    // The other store sees its one order, never ours.
    expect(await rows({ model: "orders", measures: ["count", "total"], timeDimension: SEEDED }, otherAnalyst)).toEqual([
      { count: 1, total: 9999 },
    ]);
    expect(await rows({ model: "orderLines", measures: ["quantity"] }, otherAnalyst)).toEqual([{ quantity: 9 }]);
  });

  it("buckets by day, week and month in the store's time zone, and by day in UTC when asked", async () => {
    const by = (granularity: string, extra: Record<string, unknown> = {}) =>
      rows({ model: "orders", measures: ["count", "total"], timeDimension: { ...SEEDED, granularity }, ...extra });
    expect(await by("day")).toEqual([
      { createdAt: "2026-03-01", count: 1, total: 1000 },
      { createdAt: "2026-03-02", count: 1, total: 2000 },
      { createdAt: "2026-03-09", count: 1, total: 3000 },
      { createdAt: "2026-04-15", count: 1, total: 4000 },
    ]);
    expect(await by("day", { timezone: "UTC" })).toEqual([
      { createdAt: "2026-03-02", count: 2, total: 3000 },
      { createdAt: "2026-03-09", count: 1, total: 3000 },
      { createdAt: "2026-04-15", count: 1, total: 4000 },
    ]);
    // Weeks start on Monday: Sunday March 1st belongs to the week of February 23rd.
    expect(await by("week")).toEqual([
      { createdAt: "2026-02-23", count: 1, total: 1000 },
      { createdAt: "2026-03-02", count: 1, total: 2000 },
      { createdAt: "2026-03-09", count: 1, total: 3000 },
      { createdAt: "2026-04-13", count: 1, total: 4000 },
    ]);
    expect(await by("month")).toEqual([
      { createdAt: "2026-03-01", count: 3, total: 6000 },
      { createdAt: "2026-04-01", count: 1, total: 4000 },
    ]);
    expect(
      await by("hour", {
        timezone: "Europe/Paris",
        filters: [{ member: "status", operator: "equals", values: ["pending"] }],
      }),
    ).toEqual([{ createdAt: "2026-03-02T04:00", count: 1, total: 1000 }]);
  });

  it("reads a date range as whole calendar days in the time zone, both ends included", async () => {
    const range = (from: string, to: string, timezone?: string) =>
      rows({
        model: "orders",
        measures: ["count", "total"],
        timeDimension: { dimension: "createdAt", dateRange: { from, to } },
        ...(timezone ? { timezone } : {}),
      });
    expect(await range("2026-03-02", "2026-03-09")).toEqual([{ count: 2, total: 5000 }]);
    expect(await range("2026-03-02", "2026-03-02", "UTC")).toEqual([{ count: 2, total: 3000 }]);
    expect(await range("2026-03-01", "2026-03-01")).toEqual([{ count: 1, total: 1000 }]);
    expect(await range("2025-01-01", "2025-12-31")).toEqual([{ count: 0, total: null }]);
  });

  it("filters rows by dimensions and groups by measures", async () => {
    const total = async (filters: unknown[]) =>
      (await rows({ model: "orders", measures: ["count", "total"], timeDimension: SEEDED, filters }))[0];
    expect(await total([{ member: "status", operator: "in", values: ["confirmed", "pending"] }])).toEqual({
      count: 3,
      total: 6000,
    });
    expect(await total([{ member: "status", operator: "notIn", values: ["confirmed"] }])).toEqual({
      count: 2,
      total: 5000,
    });
    expect(await total([{ member: "currency", operator: "equals", values: ["USD"] }])).toEqual({
      count: 1,
      total: 4000,
    });
    expect(await total([{ member: "status", operator: "notEquals", values: ["confirmed"] }])).toEqual({
      count: 2,
      total: 5000,
    });
    expect(await total([{ member: "customerId", operator: "contains", values: ["C1"] }])).toEqual({
      count: 2,
      total: 4000,
    });
    expect(await total([{ member: "isTaxInclusive", operator: "equals", values: [true] }])).toEqual({
      count: 1,
      total: 4000,
    });
    expect(await total([{ member: "customerId", operator: "set" }])).toEqual({ count: 4, total: 10000 });
    expect(await total([{ member: "customerId", operator: "notSet" }])).toEqual({ count: 0, total: null });
    // Time filters are store-local wall time: A (March 1st, 22:00 in New York) is before March 2nd.
    expect(
      await total([
        { member: "createdAt", operator: "gte", values: ["2026-03-02"] },
        { member: "createdAt", operator: "lt", values: ["2026-04-01T00:00"] },
      ]),
    ).toEqual({ count: 2, total: 5000 });
    expect(
      await rows({
        model: "orderLines",
        measures: ["quantity"],
        dimensions: ["taxRateBps"],
        timeDimension: SEEDED,
        filters: [{ member: "taxRateBps", operator: "lte", values: [0] }],
      }),
    ).toEqual([{ taxRateBps: 0, quantity: 10 }]);

    expect(
      await rows({
        model: "orders",
        measures: ["total"],
        dimensions: ["customerId"],
        timeDimension: SEEDED,
        filters: [{ member: "total", operator: "gt", values: [2500] }],
      }),
    ).toEqual([
      { customerId: "c1", total: 4000 },
      { customerId: "c3", total: 4000 },
    ]);
  });

  it("orders and limits groups, saying when more matched", async () => {
    const response = await query({
      model: "orders",
      measures: ["count"],
      dimensions: ["status"],
      timeDimension: SEEDED,
      order: [{ member: "status", direction: "asc" }],
      limit: 2,
    });
    expect(response.body.data).toEqual([
      { status: "cancelled", count: 1 },
      { status: "confirmed", count: 2 },
    ]);
    expect(response.body.meta).toMatchObject({ limit: 2, hasMore: true });
    // Ties on count fall back to the dimension, ascending.
    expect(
      await rows({
        model: "orders",
        measures: ["count"],
        dimensions: ["customerId"],
        timeDimension: SEEDED,
        order: [{ member: "count", direction: "desc" }],
      }),
    ).toEqual([
      { customerId: "c1", count: 2 },
      { customerId: "c2", count: 1 },
      { customerId: "c3", count: 1 },
    ]);
    expect((await query({ model: "orders", measures: ["count"], limit: 10_001 })).status).toBe(422);
  });

  it("groups order lines by their order's status and currency through the declared join", async () => {
    expect(
      await rows({
        model: "orderLines",
        measures: ["quantity", "total", "orders"],
        dimensions: ["orderStatus"],
        timeDimension: SEEDED,
      }),
    ).toEqual([
      { orderStatus: "confirmed", quantity: 5, total: 5000, orders: 2 },
      { orderStatus: "cancelled", quantity: 4, total: 4000, orders: 1 },
      { orderStatus: "pending", quantity: 1, total: 1000, orders: 1 },
    ]);
    expect(
      await rows({
        model: "orderLines",
        measures: ["quantity"],
        dimensions: ["currency"],
        timeDimension: SEEDED,
        filters: [{ member: "orderStatus", operator: "notEquals", values: ["cancelled"] }],
      }),
    ).toEqual([{ currency: "EUR", quantity: 6 }]);
  });

  it("sums refunds by status", async () => {
    expect(
      await rows({ model: "refunds", measures: ["count", "amount", "orders"], dimensions: ["status", "currency"] }),
    ).toEqual([
      { status: "pending_payout", currency: "EUR", count: 1, amount: 500, orders: 1 },
      { status: "undone", currency: "EUR", count: 1, amount: 250, orders: 1 },
    ]);
    expect(
      await rows({
        model: "refunds",
        measures: ["amount"],
        filters: [{ member: "status", operator: "notEquals", values: ["undone"] }],
      }),
    ).toEqual([{ amount: 500 }]);
  });

  it("reads stock levels and movements", async () => {
    expect(await rows({ model: "inventoryLevels", measures: ["count", "onHand", "reserved", "entities"] })).toEqual([
      { count: 1, onHand: 19, reserved: 0, entities: 1 },
    ]);
    expect(
      await rows({
        model: "inventoryAdjustments",
        measures: ["count", "quantity"],
        dimensions: ["type"],
        order: [{ member: "type", direction: "asc" }],
      }),
    ).toEqual([
      { type: "restock", count: 1, quantity: 20 },
      { type: "return", count: 1, quantity: 2 },
      { type: "sale", count: 1, quantity: -3 },
    ]);
    expect(await rows({ model: "inventoryLevels", measures: ["onHand"] }, otherAnalyst)).toEqual([{ onHand: 50 }]);
  });

  it("counts customers by marketing consent", async () => {
    expect(
      await rows({ model: "customers", measures: ["count"], dimensions: ["hasAccount", "acceptsMarketing"] }),
    ).toEqual([
      { hasAccount: false, acceptsMarketing: false, count: 1 },
      { hasAccount: false, acceptsMarketing: true, count: 1 },
    ]);
    expect(await rows({ model: "customers", measures: ["count"] }, otherAnalyst)).toEqual([{ count: 1 }]);
  });

  it("refuses with 422, naming it, anything the model does not declare", async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ model: "sales", measures: ["count"] }, 'Unknown analytics model "sales"'],
      [{ model: "orders", measures: ["revenue"] }, 'Unknown measure "revenue"'],
      [{ model: "orders", measures: ["count"], dimensions: ["colour"] }, 'Unknown dimension "colour"'],
      [{ model: "orders", measures: ["count"], dimensions: ["createdAt"] }, '"createdAt" is a time dimension'],
      [
        { model: "orders", measures: ["count"], timeDimension: { dimension: "status", granularity: "day" } },
        '"status" is not a time dimension',
      ],
      [
        { model: "orders", measures: ["count"], timeDimension: { dimension: "createdAt", granularity: "fortnight" } },
        "granularity",
      ],
      [
        { model: "orders", measures: ["count"], filters: [{ member: "colour", operator: "equals", values: ["red"] }] },
        'Unknown member "colour"',
      ],
      [
        { model: "orders", measures: ["count"], filters: [{ member: "status", operator: "gt", values: ["a"] }] },
        '"gt" does not apply to "status"',
      ],
      [
        { model: "orders", measures: ["count"], filters: [{ member: "status", operator: "like", values: ["a"] }] },
        "operator",
      ],
      [
        { model: "orders", measures: ["count"], filters: [{ member: "total", operator: "gt", values: [1] }] },
        'The measure "total" filters groups',
      ],
      [
        { model: "orders", measures: ["count"], filters: [{ member: "status", operator: "equals", values: [1] }] },
        '"status" compares with strings',
      ],
      [
        {
          model: "orders",
          measures: ["count"],
          filters: [{ member: "status", operator: "equals", values: ["a", "b"] }],
        },
        "exactly one value",
      ],
      [
        {
          model: "orders",
          measures: ["count"],
          filters: [{ member: "createdAt", operator: "gt", values: ["yesterday"] }],
        },
        "store-local times",
      ],
      [
        { model: "orders", measures: ["count"], order: [{ member: "total", direction: "desc" }] },
        '"total" is not a measure, dimension or time bucket of this query',
      ],
      [{ model: "orders", measures: ["count", "count"] }, '"count" is listed twice'],
      [{ model: "orders" }, "at least one measure"],
      [
        {
          model: "orders",
          measures: ["count"],
          timeDimension: { dimension: "createdAt", dateRange: { from: "2026-02-30", to: "2026-03-01" } },
        },
        "calendar date",
      ],
      [{ model: "orders", measures: ["count"], timezone: "Mars/Olympus" }, "IANA time zone"],
      [{ model: "orders", measures: ["count"], sql: "select 1" }, "sql"],
    ];
    for (const [body, naming] of refusals) {
      const response = await query(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
      expect(JSON.stringify(response.body.error), JSON.stringify(body)).toContain(naming.replaceAll('"', '\\"'));
    }
  });

  it("lets nothing from the body reach SQL as text: names are refused, values are bound, tables stay as they were", async () => {
    const counts = async () =>
      (
        await sql<{
          orders: number;
          lines: number;
        }>`select (select count(*)::int from orders) as orders, (select count(*)::int from order_lines) as lines`.execute(
          t.db,
        )
      ).rows[0];
    const before = await counts();
    const attack = "x'); delete from orders; --";
    const attacks: Record<string, unknown>[] = [
      { model: `orders; delete from orders; --`, measures: ["count"] },
      { model: "orders", measures: [`count"; delete from orders; --`] },
      { model: "orders", measures: ["count"], dimensions: ["status) from orders; delete from orders; --"] },
      {
        model: "orders",
        measures: ["count"],
        filters: [{ member: "status = status or 1=1 --", operator: "equals", values: ["x"] }],
      },
      {
        model: "orders",
        measures: ["count"],
        filters: [{ member: "status", operator: "= 'x' or 1=1 --", values: ["x"] }],
      },
      { model: "orders", measures: ["count"], order: [{ member: "1; delete from orders", direction: "desc" }] },
      { model: "orders", measures: ["count"], order: [{ member: "count", direction: "desc; delete from orders" }] },
      {
        model: "orders",
        measures: ["count"],
        timeDimension: { dimension: "createdAt", granularity: "day', created_at) from orders; delete from orders; --" },
      },
      {
        model: "orders",
        measures: ["count"],
        timeDimension: { dimension: "createdAt), (select 1); --", granularity: "day" },
      },
      { model: "orders", measures: ["count"], timezone: "UTC'; delete from orders; --" },
      { model: "orders", measures: ["count"], limit: "1; delete from orders" },
    ];
    for (const body of attacks) expect((await query(body)).status, JSON.stringify(body)).toBe(422);

    // Values are parameters: they match nothing, or themselves.
    const matched = async (operator: string, values: unknown[]) =>
      (
        await rows({
          model: "orders",
          measures: ["count"],
          timeDimension: SEEDED,
          filters: [{ member: "status", operator, values }],
        })
      )[0];
    expect(await matched("equals", [attack])).toEqual({ count: 0 });
    expect(await matched("equals", ["confirmed' or '1'='1"])).toEqual({ count: 0 });
    expect(await matched("in", [attack, "pending"])).toEqual({ count: 1 });
    expect(await matched("contains", ["%"])).toEqual({ count: 0 });
    expect(await matched("contains", ["_"])).toEqual({ count: 0 });
    expect(await matched("notEquals", [attack])).toEqual({ count: 4 });
    expect(
      await rows({
        model: "orders",
        measures: ["count"],
        timeDimension: SEEDED,
        filters: [{ member: "customerId", operator: "contains", values: ["\\"] }],
      }),
    ).toEqual([{ count: 0 }]);
    expect(
      (
        await query({
          model: "orders",
          measures: ["count"],
          filters: [{ member: "createdAt", operator: "gt", values: ["2026-03-01'; delete from orders; --"] }],
        })
      ).status,
    ).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it("needs analytics:read", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/analytics/meta" })).statusCode).toBe(401);
    for (const actor of [testNoPermActor, testCustomerActor]) {
      expect((await call(t.app, "GET", "/api/analytics/meta", { actor })).status).toBe(403);
      expect((await query({ model: "orders", measures: ["count"] }, actor)).status).toBe(403);
    }
  });
});
