import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestActor,
  createTestApp,
  isPostgresTestRun,
  jsonHeaders,
  type TestApp,
} from "../../../testing/index.js";
import { call } from "../../catalog/testing.js";
import { operator, post, compactSalesRollups, createOrder } from "../../orders/testing.js";
import type { Order } from "../../orders/index.js";
import { periodPieces } from "./sales-rollups.js";

const at = (iso: string) => new Date(iso);

describe("periodPieces", () => {
  it("reads a period inside one UTC day from order lines alone", () => {
    expect(periodPieces(at("2026-03-08T05:00:00Z"), at("2026-03-08T20:00:00Z"))).toEqual({
      months: null,
      days: [],
      lines: [[at("2026-03-08T05:00:00Z"), at("2026-03-08T20:00:00Z")]],
    });
  });

  it("reads whole UTC days from the rollups and the ends from order lines", () => {
    // March 8 to 10 in New York (the daylight-saving change on the 8th).
    expect(periodPieces(at("2026-03-08T05:00:00Z"), at("2026-03-11T04:00:00Z"))).toEqual({
      months: null,
      days: [[at("2026-03-09T00:00:00Z"), at("2026-03-11T00:00:00Z")]],
      lines: [
        [at("2026-03-08T05:00:00Z"), at("2026-03-09T00:00:00Z")],
        [at("2026-03-11T00:00:00Z"), at("2026-03-11T04:00:00Z")],
      ],
    });
  });

  it("reads whole UTC months, then the days around them, then the ends", () => {
    // 2025-12-15 to 2026-03-10 in Kathmandu (+05:45): the ends are 18 h 15 min and 5 h 45 min of lines.
    expect(periodPieces(at("2025-12-14T18:15:00Z"), at("2026-03-10T18:15:00Z"))).toEqual({
      months: [at("2026-01-01T00:00:00Z"), at("2026-03-01T00:00:00Z")],
      days: [
        [at("2025-12-15T00:00:00Z"), at("2026-01-01T00:00:00Z")],
        [at("2026-03-01T00:00:00Z"), at("2026-03-10T00:00:00Z")],
      ],
      lines: [
        [at("2025-12-14T18:15:00Z"), at("2025-12-15T00:00:00Z")],
        [at("2026-03-10T00:00:00Z"), at("2026-03-10T18:15:00Z")],
      ],
    });
    // Aligned on UTC midnight: nothing from the lines.
    expect(periodPieces(at("2026-01-01T00:00:00Z"), at("2026-02-01T00:00:00Z"))).toEqual({
      months: [at("2026-01-01T00:00:00Z"), at("2026-02-01T00:00:00Z")],
      days: [],
      lines: [],
    });
  });
});

const TIMEZONE = "Asia/Kathmandu";
const analyst = createTestActor({ id: "analyst", permissions: ["analytics:read"] });
const clerk = operator("clerk");
const products: string[] = Array.from({ length: 4 }, () => randomUUID());
/** The periods compared, as the reports take them (store dates in Kathmandu, +05:45). */
const PERIODS = [
  ["2025-11-01", "2026-03-31"],
  ["2025-12-15", "2026-02-10"],
  ["2026-01-01", "2026-01-31"],
  ["2026-01-17", "2026-01-17"],
  ["2026-02-28", "2026-03-02"],
] as const;

async function report(t: TestApp, name: string, from: string, to: string) {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/analytics/reports/${name}?from=${from}&to=${to}`,
    headers: jsonHeaders(analyst),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.rows as Record<string, unknown>[];
}

/** What the order lines say directly, for a period given as store dates. */
async function fromLines(t: TestApp, from: string, to: string) {
  const period = sql`o.created_at >= (${from}::date)::timestamp at time zone ${TIMEZONE}
    and o.created_at < (${to}::date + 1)::timestamp at time zone ${TIMEZONE}`;
  const { rows: sales } = await sql<{ taxRateBps: number; lines: number; taxableBase: number; tax: number }>`
    select l.tax_rate_bps, count(*)::int as lines, sum(l.total - l.tax)::int as taxable_base, sum(l.tax)::int as tax
    from orders o join order_lines l on l.order_id = o.id
    where o.organization_id = 'default' and o.status <> 'cancelled' and ${period}
    group by l.tax_rate_bps order by l.tax_rate_bps`.execute(t.db);
  const { rows: units } = await sql<{ entityId: string; unitsSold: number }>`
    select l.entity_id::text as entity_id, sum(l.quantity - l.refunded_quantity)::int as units_sold
    from orders o join order_lines l on l.order_id = o.id
    where o.organization_id = 'default' and o.status <> 'cancelled' and ${period}
    group by l.entity_id`.execute(t.db);
  return { sales, units: new Map(units.map((row) => [row.entityId, row.unitsSold])) };
}

/** Every period's tax summary and sell-through agree with the order lines. */
async function expectReportsMatchLines(t: TestApp) {
  for (const [from, to] of PERIODS) {
    const expected = await fromLines(t, from, to);
    const tax = await report(t, "tax-summary", from, to);
    expect(
      tax.map(({ taxRateBps, lines, taxableBase, tax }) => ({ taxRateBps, lines, taxableBase, tax })),
      `${from}..${to}`,
    ).toEqual(expected.sales);
    const sold = await report(t, "sell-through", from, to);
    const unitsSold = new Map(sold.filter((row) => row.title !== null).map((row) => [row.entityId, row.unitsSold]));
    expect(unitsSold, `${from}..${to}`).toEqual(expected.units);
  }
}

async function refund(t: TestApp, order: Order, lineIndex: number, quantity: number) {
  const response = await post(t.app, `/api/orders/${order.id}/refunds`, {
    actor: clerk,
    body: { lines: [{ lineItemId: order.lines[lineIndex]!.lineItemId, quantity }] },
  });
  expect(response.status).toBe(201);
  return response.body.data.id as string;
}

describe("sales rollups behind the tax summary and sell-through", () => {
  let t: TestApp;
  let orders: Order[];

  beforeAll(async () => {
    t = await createTestApp();
    expect((await call(t.app, "PATCH", "/api/settings/general", { body: { timezone: TIMEZONE } })).status).toBe(200);
    expect((await call(t.app, "PATCH", "/api/settings/policies", { body: { refundDailyCap: null } })).status).toBe(200);
    // 40 orders every 3 days and 7 hours from November 2025 to March 2026, so that some sit within minutes
    // of a store midnight, a UTC midnight or a month's edge. Two lines each, at two of three tax rates.
    orders = [];
    for (let index = 0; index < 40; index++) {
      const rate = [0, 1000, 2000][index % 3]!;
      const line = (entityId: string, quantity: number) => ({
        entityId,
        variantId: null,
        title: `Product ${products.indexOf(entityId)}`,
        sku: null,
        quantity,
        unitPrice: 1000,
        subtotal: 1000 * quantity,
        discount: 0,
        tax: (1000 * quantity * rate) / 10_000,
        total: 1000 * quantity + (1000 * quantity * rate) / 10_000,
        taxRateBps: rate,
      });
      const order = await createOrder(t.kernel, {
        lines: [line(products[index % 4]!, 1 + (index % 3)), line(products[(index + 1) % 4]!, 2)],
      });
      const placedAt = new Date(Date.UTC(2025, 10, 1, 18, 10) + index * (3 * 24 + 7) * 3_600_000);
      await sql`update orders set created_at = ${placedAt}, status = 'fulfilled' where id = ${order.id}`.execute(t.db);
      orders.push(order);
    }
  });
  afterAll(() => t.close());

  it("answer what the order lines say, through refunds, their undo, cancellations, back-dating and compaction", async () => {
    await expectReportsMatchLines(t);

    await refund(t, orders[3]!, 0, 1);
    const undone = await refund(t, orders[10]!, 1, 2);
    expect((await post(t.app, `/api/orders/${orders[10]!.id}/refunds/${undone}/undo`, { actor: clerk })).status).toBe(
      200,
    );
    await sql`update orders set status = 'cancelled' where id = ${orders[20]!.id}`.execute(t.db);
    await sql`update orders set created_at = created_at + interval '40 days' where id = ${orders[5]!.id}`.execute(t.db);
    await expectReportsMatchLines(t);

    expect(await compactSalesRollups(t.db)).toBeGreaterThan(0);
    await expectReportsMatchLines(t);

    // After a fold: deltas beside folded rows, and an order coming back from cancelled.
    await refund(t, orders[7]!, 1, 1);
    await sql`update orders set status = 'fulfilled' where id = ${orders[20]!.id}`.execute(t.db);
    await expectReportsMatchLines(t);
    await compactSalesRollups(t.db);
    await expectReportsMatchLines(t);

    // One folded row per bucket and key, and no deltas left.
    const { rows } = await sql<{ rows: number; keys: number; deltas: number }>`
      select count(*)::int as rows, count(distinct (organization_id, grain, bucket, entity_id, variant_id))::int as keys,
        count(*) filter (where not folded)::int as deltas
      from order_units_rollup`.execute(t.db);
    expect(rows[0]).toEqual({ rows: rows[0]!.keys, keys: rows[0]!.keys, deltas: 0 });
  });

  it.runIf(isPostgresTestRun())(
    "stay exact under concurrent refunds and cancellations while they are folded",
    async () => {
      const work = [
        ...orders.slice(21, 33).map((order) => refund(t, order, 0, 1)),
        ...orders
          .slice(33, 38)
          .map((order) => sql`update orders set status = 'cancelled' where id = ${order.id}`.execute(t.db)),
        // One fold at a time, as the task runs it (its concurrency key).
        compactSalesRollups(t.db),
      ];
      await Promise.all(work);
      await expectReportsMatchLines(t);
      await compactSalesRollups(t.db);
      await expectReportsMatchLines(t);
    },
  );
});
