import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, isPostgresTestRun, type TestApp } from "../../testing/index.js";
import { call } from "../catalog/testing.js";
import { COMPACT_ORDER_COUNTS_TASK } from "./order-counts.js";
import { createOrder, orderInput } from "./orders-test-helpers.js";

const clerk = createTestActor({ id: "count-clerk", permissions: ["orders:read", "orders:update"] });

describe("list totals from the order status counts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const total = async (query = "") =>
    (await call(t.app, "GET", `/api/orders?limit=1${query}`, { actor: clerk })).body.meta.pagination.total;
  const exact = async (status?: string) =>
    (
      await sql<{
        count: number;
      }>`select count(*)::int as count from orders where organization_id = 'default' ${status ? sql`and status = ${status}` : sql``}`.execute(
        t.db,
      )
    ).rows[0]?.count;
  const deltaRows = async () =>
    (await sql<{ count: number }>`select count(*)::int as count from order_status_counts`.execute(t.db)).rows[0]
      ?.count ?? 0;
  const compact = () => t.kernel.services.jobs.run({ queue: "default", limit: 50 });

  it("counts creations, status moves and rollbacks, by status and in all, before and after compaction", async () => {
    const orders = [await createOrder(t.kernel), await createOrder(t.kernel), await createOrder(t.kernel)];
    await createOrder(t.kernel, { organizationId: "counted-elsewhere" });
    expect(
      (
        await call(t.app, "PATCH", `/api/orders/${orders[0]?.id}/status`, {
          actor: clerk,
          body: { status: "cancelled" },
        })
      ).status,
    ).toBe(200);
    // A refused move (cancelled -> confirmed) and a rolled-back creation change no count.
    expect(
      (
        await call(t.app, "PATCH", `/api/orders/${orders[0]?.id}/status`, {
          actor: clerk,
          body: { status: "confirmed" },
        })
      ).status,
    ).toBe(409);
    await expect(
      t.kernel.database.transaction(async (trx) => {
        await t.kernel.services.orders.create(orderInput(), { trx });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");

    const check = async () => {
      expect(await total()).toBe(await exact());
      expect(await total("&status=pending")).toBe(await exact("pending"));
      expect(await total("&status=cancelled")).toBe(await exact("cancelled"));
      expect(await total("&status=refunded")).toBe(0);
    };
    await check();
    expect(await exact("cancelled")).toBe(1);
    const before = await deltaRows();
    await compact();
    // One row per organization and status once folded.
    expect(await deltaRows()).toBeLessThan(before);
    expect(await deltaRows()).toBe(3);
    await check();
  });

  it("reschedules its compaction: one pending copy at a time", async () => {
    await compact();
    const pending = await sql<{
      count: number;
    }>`select count(*)::int as count from jobs where task_slug = ${COMPACT_ORDER_COUNTS_TASK} and status = 'pending'`.execute(
      t.db,
    );
    expect(pending.rows[0]?.count).toBe(1);
  });
});

describe.runIf(isPostgresTestRun())("order status counts under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("stay exact through 20 concurrent moves racing a compaction", async () => {
    const orders = [];
    for (let i = 0; i < 20; i += 1) orders.push(await createOrder(t.kernel));
    await Promise.all([
      ...orders.map((order) =>
        call(t.app, "PATCH", `/api/orders/${order.id}/status`, { actor: clerk, body: { status: "cancelled" } }),
      ),
      t.kernel.services.jobs.run({ queue: "default", limit: 50 }),
    ]);
    const answered = await call(t.app, "GET", "/api/orders?status=cancelled&limit=1", { actor: clerk });
    expect(answered.body.meta.pagination.total).toBe(20);
    expect(
      (await call(t.app, "GET", "/api/orders?status=pending&limit=1", { actor: clerk })).body.meta.pagination.total,
    ).toBe(0);
  });
});
