import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPluginTestApp, type TestApp } from "@unified-commerce/plugin-sdk/testing";
import { marketplace } from "./marketplace-plugin.js";
import {
  call,
  createVendor,
  eventTypes,
  manager,
  marketplaceTraces,
  otherStoreAdmin,
  placeOrder,
  vendorProduct,
  vendorUser,
  type PlacedOrder,
} from "./marketplace-test-helpers.js";

interface SubOrderBody {
  id: string;
  vendorId: string;
  total: number;
  commissionTotal: number;
  vendorTotal: number;
  status: string;
  isSettled: boolean;
  lines: {
    orderLineId: string;
    total: number;
    commission: number;
    commissionRuleId: string | null;
    commissionType: string | null;
  }[];
}

describe("checkout split into sub-orders, commission and the ledger", () => {
  let t: TestApp;
  const vendor: Record<"a" | "b" | "c", string> = { a: "", b: "", c: "" };
  const product: Record<"a" | "b" | "c" | "store", string> = { a: "", b: "", c: "", store: "" };
  const rule: Record<string, string> = {};
  let order: PlacedOrder;

  beforeAll(async () => {
    // No holding period here: what is settled is available at once (payouts.test.ts covers the holding).
    t = await createPluginTestApp(marketplace({ holdingPeriodDays: 0 }));
    vendor.a = await createVendor(t, { slug: "split-a", userIds: ["ua"] });
    vendor.b = await createVendor(t, { slug: "split-b", userIds: ["ub"] });
    vendor.c = await createVendor(t, { slug: "split-c", userIds: ["uc"] });
    const category = await call(t, "POST", "/api/catalog/categories", { body: { name: "Tea", slug: "tea" } });
    expect(category.status).toBe(201);
    product.a = await vendorProduct(t, { slug: "mug", price: 1000, vendorId: vendor.a });
    product.b = await vendorProduct(t, { slug: "spoon", price: 800, vendorId: vendor.b });
    product.c = await vendorProduct(t, {
      slug: "sencha",
      price: 2500,
      vendorId: vendor.c,
      categoryId: category.body.data.id,
    });
    product.store = await vendorProduct(t, { slug: "gift-card", price: 300 });
    const rules = "/api/marketplace/commission-rules";
    const create = async (name: string, body: Record<string, unknown>) => {
      const created = await call(t, "POST", rules, { body: { name, ...body } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      rule[name] = created.body.data.id;
    };
    await create("default", { type: "percentage", rateBps: 1000 });
    // Same priority as the default: the vendor rule is more specific, so it wins for B.
    await create("vendor-b", { type: "fixed", amount: 150, vendorId: vendor.b });
    // Higher priority than the default: tea lines pay 20%.
    await create("tea", { type: "percentage", rateBps: 2000, categoryId: category.body.data.id, priority: 5 });
    await create("inactive", { type: "percentage", rateBps: 9000, priority: 100, isActive: false });
  });
  afterAll(() => t.close());

  const subOrdersOf = async (orderId: string): Promise<SubOrderBody[]> => {
    const listed = await call(t, "GET", `/api/marketplace/sub-orders?orderId=${orderId}`, { actor: manager });
    return Promise.all(
      listed.body.data.map(
        async (row: { id: string }) =>
          (await call(t, "GET", `/api/marketplace/sub-orders/${row.id}`, { actor: manager })).body.data,
      ),
    );
  };
  const balanceOf = async (vendorId: string) =>
    (await call(t, "GET", `/api/marketplace/vendors/${vendorId}/balance`, { actor: manager })).body.data;

  it("splits an order of three vendors into three sub-orders with each line's commission", async () => {
    order = await placeOrder(
      t,
      [
        { entityId: product.a, quantity: 2 },
        { entityId: product.b, quantity: 3 },
        { entityId: product.c, quantity: 1 },
        { entityId: product.store, quantity: 1 },
      ],
      { isConfirmed: false },
    );
    const lineOf = (entityId: string) => order.lines.find((line) => line.entityId === entityId);
    expect(order.lines.map((line) => line.total).sort()).toEqual([2000, 2400, 2500, 300].sort());
    const subs = await subOrdersOf(order.id);
    expect(subs).toHaveLength(3);
    const byVendor = new Map(subs.map((sub) => [sub.vendorId, sub]));
    expect(byVendor.get(vendor.a)).toMatchObject({
      total: 2000,
      commissionTotal: 200,
      vendorTotal: 1800,
      status: "pending",
      isSettled: false,
    });
    expect(byVendor.get(vendor.a)?.lines).toEqual([
      expect.objectContaining({
        orderLineId: lineOf(product.a)?.lineItemId,
        total: 2000,
        commission: 200,
        commissionRuleId: rule.default,
        commissionType: "percentage",
      }),
    ]);
    expect(byVendor.get(vendor.b)).toMatchObject({ total: 2400, commissionTotal: 450, vendorTotal: 1950 });
    expect(byVendor.get(vendor.b)?.lines[0]).toMatchObject({
      commission: 450,
      commissionRuleId: rule["vendor-b"],
      commissionType: "fixed",
    });
    expect(byVendor.get(vendor.c)).toMatchObject({ total: 2500, commissionTotal: 500, vendorTotal: 2000 });
    expect(byVendor.get(vendor.c)?.lines[0]).toMatchObject({ commission: 500, commissionRuleId: rule.tea });
    for (const sub of subs) expect(await eventTypes(t.db, sub.id)).toEqual(["marketplace.subOrderCreate"]);
    // Unpaid: nothing in the ledger yet.
    expect((await balanceOf(vendor.a)).balances).toEqual([]);
  });

  it("puts a paid order's sub-orders in the ledger once: sale and commission", async () => {
    await call(t, "PATCH", `/api/orders/${order.id}/status`, { body: { status: "confirmed" } });
    await call(t, "PATCH", `/api/orders/${order.id}/status`, { body: { status: "processing" } });
    for (const sub of await subOrdersOf(order.id)) expect(sub.isSettled).toBe(true);
    const a = await balanceOf(vendor.a);
    expect(a.balances).toEqual([{ currency: "EUR", balance: 1800, available: 1800, held: 0 }]);
    expect(a.recentEntries.map((entry: { kind: string; amount: number }) => [entry.kind, entry.amount]).sort()).toEqual(
      [
        ["commission", -200],
        ["sale", 2000],
      ],
    );
    expect((await balanceOf(vendor.b)).balances[0].balance).toBe(1950);
    expect((await balanceOf(vendor.c)).balances[0].balance).toBe(2000);
  });

  it("flows the order's refunds into the vendor's ledger, giving back the commission's share, and their undo", async () => {
    const line = order.lines.find((row) => row.entityId === product.a);
    const refunded = await call(t, "POST", `/api/orders/${order.id}/refunds`, {
      body: { lines: [{ lineItemId: line?.lineItemId, quantity: 1 }] },
    });
    expect(refunded.status).toBe(201);
    // 2000 − 200 − 1000 refunded + 100 commission given back.
    expect((await balanceOf(vendor.a)).balances[0].balance).toBe(900);
    const sub = (await subOrdersOf(order.id)).find((row) => row.vendorId === vendor.a);
    expect(sub?.lines[0]).toMatchObject({ refundedQuantity: 1, refundedAmount: 1000, refundedCommission: 100 });
    expect((await balanceOf(vendor.b)).balances[0].balance).toBe(1950);
    const undone = await call(t, "POST", `/api/orders/${order.id}/refunds/${refunded.body.data.id}/undo`);
    expect(undone.status).toBe(200);
    expect((await balanceOf(vendor.a)).balances[0].balance).toBe(1800);
  });

  it("refuses at checkout an item of a suspended vendor (422), writing nothing", async () => {
    const vendorId = await createVendor(t, { slug: "split-suspended" });
    const item = await vendorProduct(t, { slug: "teapot", price: 5000, vendorId });
    await call(t, "POST", `/api/marketplace/vendors/${vendorId}/suspend`, { body: {} });
    await expect(placeOrder(t, [{ entityId: item, quantity: 1 }])).rejects.toThrow(/REFUSED_BY_HOOK/);
  });

  it("manages commission rules: list, change, delete, 422 for a broken rule, admin only", async () => {
    const rules = "/api/marketplace/commission-rules";
    const listed = await call(t, "GET", rules, { actor: manager });
    expect(listed.body.data.map((row: { name: string }) => row.name)).toEqual([
      "inactive",
      "tea",
      "default",
      "vendor-b",
    ]);
    const before = await marketplaceTraces(t.db);
    for (const body of [
      { name: "x", type: "percentage" },
      { name: "x", type: "fixed", amount: 1, rateBps: 1 },
      { name: "x", type: "percentage", rateBps: 10_001 },
      { name: "x", type: "fixed", amount: 1, vendorId: "00000000-0000-4000-8000-000000000000" },
    ]) {
      expect((await call(t, "POST", rules, { body })).status, JSON.stringify(body)).toBe(422);
    }
    expect((await call(t, "PATCH", `${rules}/${rule.default}`, { body: { type: "fixed" } })).status).toBe(422);
    expect(
      (await call(t, "POST", rules, { actor: manager, body: { name: "x", type: "fixed", amount: 1 } })).status,
    ).toBe(403);
    expect(
      (await call(t, "PATCH", `${rules}/${rule.default}`, { actor: otherStoreAdmin, body: { priority: 1 } })).status,
    ).toBe(404);
    expect(await marketplaceTraces(t.db)).toEqual(before);
    const changed = await call(t, "PATCH", `${rules}/${rule.inactive}`, {
      body: { type: "fixed", amount: 5, rateBps: null },
    });
    expect(changed.body.data).toMatchObject({ type: "fixed", amount: 5, rateBps: null });
    expect((await call(t, "DELETE", `${rules}/${rule.inactive}`)).status).toBe(200);
    expect((await call(t, "DELETE", `${rules}/${rule.inactive}`)).status).toBe(404);
  });

  it("lets a vendor list, read and move only its own sub-orders (404 for another's)", async () => {
    const placed = await placeOrder(t, [
      { entityId: product.a, quantity: 1 },
      { entityId: product.b, quantity: 1 },
    ]);
    const subs = await subOrdersOf(placed.id);
    const subA = subs.find((sub) => sub.vendorId === vendor.a);
    const subB = subs.find((sub) => sub.vendorId === vendor.b);
    const ua = vendorUser("ua");
    const mine = await call(t, "GET", "/api/marketplace/vendor/me/orders", { actor: ua });
    expect(mine.body.data.every((sub: { vendorId: string }) => sub.vendorId === vendor.a)).toBe(true);
    expect(mine.body.data.map((sub: { id: string }) => sub.id)).toContain(subA?.id);
    const own = await call(t, "GET", `/api/marketplace/vendor/me/orders/${subA?.id}`, { actor: ua });
    expect(own.body.data).toMatchObject({
      id: subA?.id,
      vendorId: vendor.a,
      lines: [expect.objectContaining({ quantity: 1, total: 1000, commission: 100 })],
    });
    const before = await marketplaceTraces(t.db);
    expect((await call(t, "GET", `/api/marketplace/vendor/me/orders/${subB?.id}`, { actor: ua })).status).toBe(404);
    for (const move of ["confirm", "ship", "deliver", "cancel"]) {
      const refused = await call(t, "POST", `/api/marketplace/vendor/me/orders/${subB?.id}/${move}`, {
        actor: ua,
        body: move === "ship" ? { trackingNumber: "X" } : {},
      });
      expect(refused.status, move).toBe(404);
    }
    expect((await call(t, "GET", `/api/marketplace/sub-orders/${subB?.id}`, { actor: otherStoreAdmin })).status).toBe(
      404,
    );
    expect((await call(t, "GET", "/api/marketplace/sub-orders", { actor: otherStoreAdmin })).body.data).toEqual([]);
    expect(await marketplaceTraces(t.db)).toEqual(before);

    const path = (move: string) => `/api/marketplace/vendor/me/orders/${subA?.id}/${move}`;
    expect((await call(t, "POST", path("ship"), { actor: ua, body: { trackingNumber: "T1" } })).status).toBe(409);
    expect((await call(t, "POST", path("confirm"), { actor: ua })).body.data.status).toBe("confirmed");
    expect((await call(t, "POST", path("ship"), { actor: ua, body: {} })).status).toBe(422);
    expect(
      (await call(t, "POST", path("ship"), { actor: ua, body: { trackingNumber: "T1", carrier: "DHL" } })).body.data,
    ).toMatchObject({ status: "shipped", trackingNumber: "T1", carrier: "DHL" });
    expect((await call(t, "POST", path("cancel"), { actor: ua, body: {} })).status).toBe(409);
    expect((await call(t, "POST", path("deliver"), { actor: ua })).body.data).toMatchObject({
      status: "delivered",
      deliveredAt: expect.any(String),
    });
    expect(await eventTypes(t.db, subA?.id ?? "")).toEqual([
      "marketplace.subOrderCreate",
      ...Array(3).fill("marketplace.subOrderStatusChange"),
    ]);
  });

  it("cancels a paid sub-order by refunding it through the order: it leaves the vendor's balance", async () => {
    const before = (await balanceOf(vendor.b)).balances[0].balance;
    const placed = await placeOrder(t, [
      { entityId: product.b, quantity: 2 },
      { entityId: product.c, quantity: 1 },
    ]);
    const subB = (await subOrdersOf(placed.id)).find((sub) => sub.vendorId === vendor.b);
    expect((await balanceOf(vendor.b)).balances[0].balance).toBe(before + 1600 - 300);
    const cancelled = await call(t, "POST", `/api/marketplace/vendor/me/orders/${subB?.id}/cancel`, {
      actor: vendorUser("ub"),
      body: { reason: "out of stock" },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.lines[0]).toMatchObject({
      refundedQuantity: 2,
      refundedAmount: 1600,
      refundedCommission: 300,
    });
    expect((await balanceOf(vendor.b)).balances[0].balance).toBe(before);
    const refunds = await call(t, "GET", `/api/orders/${placed.id}/refunds`);
    expect(refunds.body.data).toEqual([expect.objectContaining({ amount: 1600, reason: "out of stock" })]);
    // Staff move sub-orders through PATCH .../status along the same machine.
    const subC = (await subOrdersOf(placed.id)).find((sub) => sub.vendorId === vendor.c);
    const staffMove = (body: unknown) =>
      call(t, "PATCH", `/api/marketplace/sub-orders/${subC?.id}/status`, { actor: manager, body });
    expect((await staffMove({ status: "shipped" })).status).toBe(422);
    expect((await staffMove({ status: "delivered" })).status).toBe(409);
    expect((await staffMove({ status: "confirmed" })).body.data.status).toBe("confirmed");
  });

  it("cancels the sub-orders with their order", async () => {
    const placed = await placeOrder(t, [{ entityId: product.a, quantity: 1 }], { isConfirmed: false });
    await call(t, "PATCH", `/api/orders/${placed.id}/status`, {
      body: { status: "cancelled", reason: "customer asked" },
    });
    const [sub] = await subOrdersOf(placed.id);
    expect(sub).toMatchObject({ status: "cancelled", isSettled: false });
  });
});
