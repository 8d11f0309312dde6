import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../kernel/actor.js";
import { createTestActor, createTestApp, jsonHeaders, testAdminActor, type TestApp } from "../../testing/index.js";
import { otherOrgAdmin } from "../catalog/testing.js";
import { createWarehouse, stockedProduct } from "../checkout/testing.js";
import { dataOf, listen, MCP_ACCEPT, probe, resultOf, type ProbeStep } from "./mcp-test-helpers.js";

/** A storefront API key, as a shopper's agent holds it. */
const storefront = createTestActor({
  id: "mcp-storefront",
  type: "apiKey",
  permissions: ["catalog:read", "inventory:read", "cart:create", "cart:read", "cart:update", "orders:create"],
});
/** A staff member's key: orders, stock and reports, no settings. */
const staff = createTestActor({
  id: "mcp-staff",
  type: "apiKey",
  permissions: ["catalog:read", "orders:read", "orders:update", "inventory:read", "inventory:adjust", "analytics:read"],
});

const STOREFRONT_TOOLS = [
  "add_cart_item",
  "checkout",
  "create_cart",
  "get_cart",
  "get_product",
  "list_shipping_options",
  "search_products",
  "set_cart_shipping",
  "update_cart_item",
];
const STAFF_TOOLS = ["adjust_stock", "get_order", "list_low_stock", "refund_order", "run_report"];

const call = (name: string, args: Record<string, unknown>): ProbeStep => ({ callTool: { name, arguments: args } });

describe("commerce MCP server at POST /api/mcp", () => {
  let t: TestApp;
  let url: string;
  let entityId: string;
  let warehouseId: string;
  beforeAll(async () => {
    t = await createTestApp();
    warehouseId = await createWarehouse(t.app, "mcp-main");
    entityId = await stockedProduct(t.app, { slug: "mcp-enamel-mug", warehouseId, price: 2500, onHand: 50 });
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  const onHand = async () => {
    const answer = await t.app.inject({
      method: "GET",
      url: `/api/inventory/check?entityIds=${entityId}`,
      headers: jsonHeaders(testAdminActor),
    });
    return (answer.json() as { data: { onHand: number }[] }).data[0]?.onHand;
  };

  /** search -> product -> cart -> item -> checkout, in one client session; answers every outcome. */
  const purchase = (idempotencyKey: string) =>
    probe(url, storefront, [
      call("search_products", { q: "mcp-enamel" }),
      call("get_product", { idOrSlug: "$0.structuredContent.hits.0.id", currency: "EUR" }),
      call("create_cart", { currency: "EUR" }),
      call("add_cart_item", {
        cartId: "$2.structuredContent.id",
        cartToken: "$2.structuredContent.cartToken",
        entityId: "$1.structuredContent.product.id",
        quantity: 2,
      }),
      call("checkout", {
        cartId: "$2.structuredContent.id",
        cartToken: "$2.structuredContent.cartToken",
        paymentMethodId: "manual",
        currency: "EUR",
        idempotencyKey,
      }),
      call("checkout", {
        cartId: "$2.structuredContent.id",
        cartToken: "$2.structuredContent.cartToken",
        paymentMethodId: "manual",
        currency: "EUR",
        idempotencyKey,
      }),
    ]);

  it("lists to each actor only the tools its permissions allow, with input and output schemas", async () => {
    const listed = async (actor: Actor) => resultOf((await probe(url, actor, [{ listTools: true }]))[0]).tools ?? [];
    const [shopper, back, admin] = await Promise.all([listed(storefront), listed(staff), listed(testAdminActor)]);
    const names = (tools: typeof admin) => tools.map((tool) => tool.name).sort();
    expect(names(shopper)).toEqual(STOREFRONT_TOOLS);
    expect(names(back)).toEqual(
      [
        "get_order",
        "list_low_stock",
        "adjust_stock",
        "refund_order",
        "run_report",
        "get_product",
        "search_products",
      ].sort(),
    );
    // The test administrator is a signed-in person (a session), so track_order is theirs too.
    expect(names(admin)).toEqual([...STOREFRONT_TOOLS, "track_order", ...STAFF_TOOLS].sort());
    for (const tool of admin) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
    }
  });

  it("lists track_order to a signed-in customer", async () => {
    const customer = createTestActor({
      id: "mcp-customer",
      customerId: "mcp-customer",
      permissions: ["orders:read:own", "catalog:read"],
    });
    const [list] = await probe(url, customer, [{ listTools: true }]);
    expect((resultOf(list).tools ?? []).map((tool) => tool.name).sort()).toEqual([
      "get_product",
      "search_products",
      "track_order",
    ]);
  });

  it("sells through search, cart and checkout: one order, stock taken once, a retried checkout answers the same order", async () => {
    const before = await onHand();
    const outcomes = await purchase(randomUUID());
    const product = dataOf(outcomes[1]);
    expect(product.prices).toEqual([{ variantId: null, amount: 2500 }]);
    expect(product.stock).toMatchObject({ onHand: before, available: before });
    expect(dataOf(outcomes[3]).cart).toMatchObject({ subtotal: 5000 });
    const order = dataOf(outcomes[4]);
    expect(order).toMatchObject({ status: "pending", currency: "EUR", subtotal: 5000 });
    expect(String(order.number)).toMatch(/^ORD-\d{4}-\d{6,}$/);
    expect(dataOf(outcomes[5])).toEqual(order);
    expect(await onHand()).toBe((before ?? 0) - 2);
  });

  it("refuses a reused checkout key with other arguments, as a tool error", async () => {
    const key = randomUUID();
    const outcomes = await purchase(key);
    const [second] = await probe(url, storefront, [
      call("checkout", { cartId: randomUUID(), paymentMethodId: "manual", currency: "EUR", idempotencyKey: key }),
    ]);
    expect(dataOf(outcomes[4]).id).toEqual(expect.any(String));
    expect(resultOf(second)).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/^IDEMPOTENCY_KEY_REUSED/) }],
    });
  });

  it("refunds through the refund rules for staff, and answers a storefront key's call with a tool error and no refund", async () => {
    const placed = dataOf((await purchase(randomUUID()))[4]);
    const confirmed = await t.app.inject({
      method: "PATCH",
      url: `/api/orders/${String(placed.id)}/status`,
      headers: jsonHeaders(testAdminActor),
      payload: { status: "confirmed" },
    });
    expect(confirmed.statusCode).toBe(200);
    const lines = placed.lines as { lineItemId: string }[];
    const refund = {
      order: placed.number,
      lines: [{ lineItemId: lines[0]?.lineItemId, quantity: 1 }],
      reason: "chipped",
    };

    const [denied, deniedJunk] = await probe(url, storefront, [
      call("refund_order", refund),
      call("refund_order", { lines: [] }),
    ]);
    for (const outcome of [denied, deniedJunk]) {
      expect(resultOf(outcome)).toMatchObject({
        isError: true,
        content: [{ text: expect.stringMatching(/^FORBIDDEN/) }],
      });
      expect(resultOf(outcome).structuredContent).toBeUndefined();
    }

    const [looked, refunded, tooMuch] = await probe(url, staff, [
      call("get_order", { order: placed.number }),
      call("refund_order", refund),
      call("refund_order", { ...refund, lines: [{ lineItemId: lines[0]?.lineItemId, quantity: 2 }] }),
    ]);
    expect(dataOf(looked)).toMatchObject({ id: placed.id, status: "confirmed" });
    expect(dataOf(refunded)).toMatchObject({ orderId: placed.id, amount: 2500 });
    // One unit of two is left: the refund rules refuse a second refund of two.
    expect(resultOf(tooMuch)).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/^VALIDATION_FAILED/) }],
    });
    const refunds = await t.app.inject({
      method: "GET",
      url: `/api/orders/${String(placed.id)}/refunds`,
      headers: jsonHeaders(testAdminActor),
    });
    expect((refunds.json() as { data: unknown[] }).data).toHaveLength(1);
  });

  it("adjusts stock and runs a report for staff", async () => {
    const before = await onHand();
    const [adjusted, report] = await probe(url, staff, [
      call("adjust_stock", { entityId, warehouseId, type: "restock", quantity: 3 }),
      call("run_report", { name: "sell-through" }),
    ]);
    expect(dataOf(adjusted)).toMatchObject({ entityId, warehouseId, onHand: (before ?? 0) + 3 });
    expect(dataOf(report)).toMatchObject({ name: "sell-through", columns: expect.any(Array), rows: expect.any(Array) });
    expect(await onHand()).toBe((before ?? 0) + 3);
  });

  it("never shows another organization's order", async () => {
    const placed = dataOf((await purchase(randomUUID()))[4]);
    const [byNumber, byId] = await probe(url, otherOrgAdmin, [
      call("get_order", { order: placed.number }),
      call("get_order", { order: placed.id }),
    ]);
    for (const outcome of [byNumber, byId]) {
      expect(resultOf(outcome)).toMatchObject({
        isError: true,
        content: [{ text: expect.stringMatching(/^NOT_FOUND/) }],
      });
    }
  });

  it("reads the store's policies and catalog pages as resources, each behind its route's permission", async () => {
    const [adminList, policies, page] = await probe(url, testAdminActor, [
      { listResources: true },
      { readResource: "commerce://settings/policies" },
      { readResource: "commerce://catalog/products/page/1" },
    ]);
    expect((resultOf(adminList).resources ?? []).map((resource) => resource.uri)).toEqual([
      "commerce://settings/policies",
      "commerce://catalog/products/page/1",
    ]);
    expect(JSON.parse(resultOf(policies).contents?.[0]?.text ?? "null")).toEqual(expect.any(Object));
    const catalog = JSON.parse(resultOf(page).contents?.[0]?.text ?? "null") as {
      products: { slug: string }[];
      total: number;
    };
    expect(catalog.products.map((product) => product.slug)).toContain("mcp-enamel-mug");
    const [shopperList] = await probe(url, storefront, [{ listResources: true }]);
    expect((resultOf(shopperList).resources ?? []).map((resource) => resource.uri)).toEqual([
      "commerce://catalog/products/page/1",
    ]);
  });

  it("answers 401 without credentials, 405 to GET and DELETE, and a 4xx to bodies that are not MCP", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/doc" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths["/api/mcp"] ?? {}).sort()).toEqual(["delete", "get", "post"]);
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/mcp",
      headers: { "content-type": "application/json", accept: MCP_ACCEPT },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    for (const method of ["GET", "DELETE"] as const) {
      const answer = await t.app.inject({ method, url: "/api/mcp", headers: jsonHeaders(testAdminActor) });
      expect(answer.statusCode).toBe(405);
      expect(answer.headers.allow).toBe("POST");
      expect(answer.json()).toMatchObject({ error: { code: "METHOD_NOT_ALLOWED" } });
    }
    // An Idempotency-Key header (sent by a generic HTTP client) does not wedge the endpoint: every request runs.
    const keyed = { ...jsonHeaders(testAdminActor), accept: MCP_ACCEPT, "idempotency-key": randomUUID() };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await t.app.inject({ method: "POST", url: "/api/mcp", headers: keyed, payload: body });
      expect(answer.statusCode).toBe(200);
      expect((answer.json() as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(0);
    }
    for (const payload of [
      "{}",
      "42",
      '"tools/list"',
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: 7 }),
      "{not json",
    ]) {
      const answer = await t.app.inject({
        method: "POST",
        url: "/api/mcp",
        headers: { ...jsonHeaders(testAdminActor), accept: MCP_ACCEPT },
        payload,
      });
      expect(answer.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, payload).toBeLessThan(500);
    }
  });
});
