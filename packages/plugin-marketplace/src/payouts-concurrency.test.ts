import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPluginTestApp, isPostgresTestRun, type TestApp } from "@unified-commerce/plugin-sdk/testing";
import { marketplace } from "./marketplace-plugin.js";
import { call, createVendor, placeOrder, vendorProduct } from "./marketplace-test-helpers.js";
import { recordingPayoutAdapter } from "./payout-test-adapter.js";

describe.runIf(isPostgresTestRun())("payouts and refunds under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  const adapter = recordingPayoutAdapter();
  const vendors: string[] = [];
  beforeAll(async () => {
    t = await createPluginTestApp(marketplace({ holdingPeriodDays: 0, payoutAdapter: adapter }));
    for (let index = 0; index < 4; index++) {
      const vendorId = await createVendor(t, { slug: `race-${index}` });
      vendors.push(vendorId);
      const product = await vendorProduct(t, { slug: `race-item-${index}`, price: 1000 * (index + 1), vendorId });
      await placeOrder(t, [{ entityId: product, quantity: 1 }]);
    }
  });
  afterAll(() => t.close());

  it("pays each vendor once under 10 concurrent payout runs and 4 concurrent job runners", async () => {
    const runs = await Promise.all(
      Array.from({ length: 10 }, () => call(t, "POST", "/api/marketplace/payouts/run", { body: {} })),
    );
    expect(runs.every((run) => run.status === 200)).toBe(true);
    const created = runs.flatMap((run) => run.body.data.payouts as { id: string; vendorId: string; amount: number }[]);
    expect(created.map((payout) => payout.vendorId).sort()).toEqual([...vendors].sort());
    expect(created.map((payout) => payout.amount).sort()).toEqual([1000, 2000, 3000, 4000]);

    await Promise.all(Array.from({ length: 4 }, () => t.kernel.services.jobs.run({ queue: "default", limit: 100 })));
    await t.kernel.services.jobs.run({ queue: "default", limit: 100 });
    expect(adapter.calls.sort()).toEqual(created.map((payout) => payout.id).sort());
    const { rows } = await sql<{
      vendorId: string;
      count: number;
      balance: number;
    }>`select vendor_id, count(*) filter (where kind = 'payout')::int as count, sum(amount)::bigint as balance from marketplace_ledger group by vendor_id`.execute(
      t.db,
    );
    for (const row of rows) expect(row).toMatchObject({ count: 1, balance: 0 });
  });

  it("queues a failed payout once under 10 concurrent retries", async () => {
    const vendorId = vendors[0] ?? "";
    const product = await vendorProduct(t, { slug: "race-retry", price: 500, vendorId });
    await placeOrder(t, [{ entityId: product, quantity: 1 }]);
    adapter.isFailing = true;
    const [payout] = (await call(t, "POST", "/api/marketplace/payouts/run", { body: { vendorId } })).body.data.payouts;
    await t.kernel.services.jobs.run({ queue: "default", limit: 100 });
    adapter.isFailing = false;
    const retries = await Promise.all(
      Array.from({ length: 10 }, () => call(t, "POST", `/api/marketplace/payouts/${payout.id}/retry`)),
    );
    expect(retries.map((retry) => retry.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    await Promise.all(Array.from({ length: 3 }, () => t.kernel.services.jobs.run({ queue: "default", limit: 100 })));
    expect(adapter.calls.filter((id) => id === payout.id)).toHaveLength(2);
    const paid = (await call(t, "GET", `/api/marketplace/payouts?vendorId=${vendorId}&status=paid`)).body.data;
    expect(paid.map((row: { id: string }) => row.id)).toContain(payout.id);
  });

  it("adds up 5 concurrent one-unit refunds of a line in the ledger: the whole sale and the whole commission back", async () => {
    const vendorId = vendors[1] ?? "";
    await call(t, "POST", "/api/marketplace/commission-rules", {
      body: { name: "odd", type: "percentage", rateBps: 333, vendorId, priority: 10 },
    });
    const product = await vendorProduct(t, { slug: "race-refund", price: 999, vendorId });
    const order = await placeOrder(t, [{ entityId: product, quantity: 5 }]);
    const line = order.lines[0];
    const refunds = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t, "POST", `/api/orders/${order.id}/refunds`, {
          body: { lines: [{ lineItemId: line?.lineItemId, quantity: 1 }] },
        }),
      ),
    );
    expect(refunds.map((refund) => refund.status)).toEqual(Array(5).fill(201));
    const { rows } = await sql<{
      kind: string;
      amount: number;
    }>`select l.kind, sum(l.amount)::bigint as amount from marketplace_ledger l join marketplace_sub_orders s on s.id = l.sub_order_id where s.order_id = ${order.id} group by l.kind order by l.kind`.execute(
      t.db,
    );
    // 4995 sold at 3.33% = 166 commission; all of it refunded and given back: the order nets 0.
    expect(rows).toEqual([
      { kind: "commission", amount: 0 },
      { kind: "refund", amount: -4995 },
      { kind: "sale", amount: 4995 },
    ]);
  });
});
