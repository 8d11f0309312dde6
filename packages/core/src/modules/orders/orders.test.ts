import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestActor,
  createTestApp,
  isPostgresTestRun,
  testCustomerActor,
  type TestApp,
} from "../../testing/index.js";
import { call, otherOrgAdmin } from "../catalog/testing.js";
import { formatOrderNumber, yearIn } from "./order-number.js";
import { createOrder, orderInput } from "./orders-test-helpers.js";

const reader = createTestActor({ id: "order-reader", permissions: ["orders:read"] });
const year = new Date().getUTCFullYear();

describe("orders", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const count = async (table: "orders" | "order_lines" | "domain_events") =>
    (await sql<{ count: number }>`select count(*)::int as count from ${sql.table(table)}`.execute(t.db)).rows[0]?.count;

  it("creates a pending order with its lines and number, readable by UUID and by number", async () => {
    const order = await createOrder(t.kernel);
    expect(order).toMatchObject({
      number: formatOrderNumber(year, 1),
      status: "pending",
      total: 3240,
      promotionCodes: ["WELCOME"],
    });
    expect(order.lines).toHaveLength(2);
    expect(order.lines[0]).toMatchObject({
      title: "Mug",
      quantity: 2,
      refundedQuantity: 0,
      unitPrice: 1000,
      discount: 200,
      tax: 360,
      total: 2160,
    });

    const byId = await call(t.app, "GET", `/api/orders/${order.id}`, { actor: reader });
    expect(byId.status).toBe(200);
    expect(byId.body.data).toEqual(order);
    const byNumber = await call(t.app, "GET", `/api/orders/${order.number}`, { actor: reader });
    expect(byNumber.body.data.id).toBe(order.id);
    expect(byNumber.body.data.shippingAddress).toEqual({
      line1: "1 Rue de la Paix",
      city: "Paris",
      postalCode: "75002",
      country: "FR",
    });
  });

  it("emits orders.create in the order's transaction, with the order as payload, its number included", async () => {
    const order = await createOrder(t.kernel);
    // The stored payload's number is written by the order's own statement (`emitWithin`): it must be
    // the order as answered, to the last field.
    const events = await sql<{
      type: string;
      payload: unknown;
    }>`select type, payload from domain_events where entity_id = ${order.id}`.execute(t.db);
    expect(events.rows).toEqual([{ type: "orders.create", payload: { order: JSON.parse(JSON.stringify(order)) } }]);
    const audit = await sql<{
      event: string;
      changes: unknown;
    }>`select event, changes from audit_entries where entity_id = ${order.id}`.execute(t.db);
    expect(audit.rows).toEqual([{ event: "orders.create", changes: { order: JSON.parse(JSON.stringify(order)) } }]);
  });

  it("answers 404 for another organization's order, an unknown id or number and anything else", async () => {
    const order = await createOrder(t.kernel);
    for (const id of [order.id, order.number])
      expect((await call(t.app, "GET", `/api/orders/${id}`, { actor: otherOrgAdmin })).status).toBe(404);
    for (const id of ["00000000-0000-4000-8000-000000000000", `ORD-${year}-999999`, "ORD-1", "not-an-order"]) {
      const response = await call(t.app, "GET", `/api/orders/${id}`, { actor: reader });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
    }
  });

  it("needs orders:read", async () => {
    const order = await createOrder(t.kernel);
    expect((await t.app.inject({ url: `/api/orders/${order.id}` })).statusCode).toBe(401);
    expect((await call(t.app, "GET", `/api/orders/${order.id}`, { actor: testCustomerActor })).status).toBe(403);
  });

  it("gives a rolled-back order's number to the next order, and writes nothing of it", async () => {
    const before = {
      orders: await count("orders"),
      lines: await count("order_lines"),
      events: await count("domain_events"),
    };
    const last = (await createOrder(t.kernel)).number;
    await expect(
      t.kernel.database.transaction(async (trx) => {
        await t.kernel.services.orders.create(orderInput(), { trx });
        throw new Error("payment step failed");
      }),
    ).rejects.toThrow("payment step failed");
    const next = await createOrder(t.kernel);
    expect(Number(next.number.slice(-6))).toBe(Number(last.slice(-6)) + 1);
    expect(await count("orders")).toBe((before.orders ?? 0) + 2);
    expect(await count("order_lines")).toBe((before.lines ?? 0) + 4);
    expect(await count("domain_events")).toBe((before.events ?? 0) + 2);
  });

  it("numbers each organization's orders on their own", async () => {
    const other = await createOrder(t.kernel, { organizationId: "numbering-store" });
    expect(other.number).toBe(formatOrderNumber(year, 1));
  });

  it("takes the year from the store's time zone", async () => {
    const newYearsEveUtc = new Date("2026-12-31T12:00:00Z");
    expect(yearIn(newYearsEveUtc, "UTC")).toBe(2026);
    expect(yearIn(newYearsEveUtc, "Pacific/Kiritimati")).toBe(2027);
    expect(yearIn(new Date("2027-01-01T05:00:00Z"), "America/Los_Angeles")).toBe(2026);
    expect(formatOrderNumber(2027, 42)).toBe("ORD-2027-000042");
    expect(formatOrderNumber(2027, 1_234_567)).toBe("ORD-2027-1234567");

    await call(t.app, "PATCH", "/api/settings/general", { body: { timezone: "Pacific/Kiritimati" } });
    const order = await createOrder(t.kernel, { organizationId: "default" });
    expect(order.number.slice(4, 8)).toBe(String(yearIn(new Date(), "Pacific/Kiritimati")));
    await call(t.app, "PATCH", "/api/settings/general", { body: { timezone: null } });
  });

  it("confirms a pending order once, leaves a confirmed one as it is, and 404s an unknown one", async () => {
    const order = await createOrder(t.kernel);
    const confirm = (organizationId: string, orderId: string) =>
      t.kernel.database.transaction((trx) =>
        t.kernel.services.orders.confirmPayment({ organizationId, orderId }, { trx }),
      );
    expect(await confirm("default", order.id)).toBe(true);
    expect(await confirm("default", order.id)).toBe(false);
    expect((await call(t.app, "GET", `/api/orders/${order.id}`, { actor: reader })).body.data.status).toBe("confirmed");
    const changes = await sql<{
      payload: unknown;
    }>`select payload from domain_events where entity_id = ${order.id} and type = 'orders.statusChange'`.execute(t.db);
    expect(changes.rows.map((row) => row.payload)).toEqual([
      { orderId: order.id, number: order.number, from: "pending", to: "confirmed", reason: "payment succeeded" },
    ]);
    await expect(confirm("other-store", order.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(confirm("default", "not-a-uuid")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses an order without lines, writing nothing", async () => {
    const before = await count("orders");
    await expect(createOrder(t.kernel, { lines: [] })).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    expect(await count("orders")).toBe(before);
  });

  it("documents GET /api/orders/{id}", async () => {
    const document = (await t.app.inject({ url: "/api/doc" })).json();
    expect(document.paths["/api/orders/{id}"].get.summary).toBe("Read an order");
  });
});

describe.runIf(isPostgresTestRun())("order numbers under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("gives 50 concurrent creations in separate transactions the numbers 1 to 50, each once", async () => {
    const orders = await Promise.all(
      Array.from({ length: 50 }, () => createOrder(t.kernel, { organizationId: "busy-store" })),
    );
    const numbers = orders.map((order) => Number(order.number.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});
