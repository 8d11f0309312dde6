import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "../../kernel/actor.js";
import { createTestActor, createTestApp, isPostgresTestRun, jsonHeaders, type TestApp } from "../../testing/index.js";
import { cartWith, checkoutTraces, createWarehouse, stockedProduct } from "../checkout/testing.js";
import { MCP_ACCEPT } from "./mcp-test-helpers.js";

const storefront: Actor = createTestActor({
  id: "mcp-race-storefront",
  type: "apiKey",
  permissions: ["cart:create", "cart:read", "cart:update", "orders:create"],
});

/** A tool call as raw JSON-RPC through inject: concurrency needs many requests at once, not a client process each. */
async function callTool(
  t: TestApp,
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError?: boolean; structuredContent?: Record<string, unknown>; content: { text: string }[] }> {
  const answer = await t.app.inject({
    method: "POST",
    url: "/api/mcp",
    headers: { ...jsonHeaders(storefront), accept: MCP_ACCEPT },
    payload: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  if (answer.statusCode !== 200) throw new Error(`${answer.statusCode} ${answer.body}`);
  return (answer.json() as { result: Awaited<ReturnType<typeof callTool>> }).result;
}

describe.runIf(isPostgresTestRun())("MCP checkout under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  let entityId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const warehouseId = await createWarehouse(t.app, "mcp-race");
    entityId = await stockedProduct(t.app, { slug: "mcp-race-lamp", warehouseId, price: 4000, onHand: 10 });
  });
  afterAll(() => t.close());

  it("places one order for 8 concurrent checkouts of one cart with one idempotency key; the others replay it or are told it still runs", async () => {
    const cart = await cartWith(t.app, [{ entityId, quantity: 3 }]);
    const before = await checkoutTraces(t.db);
    const args = {
      cartId: cart.id,
      cartToken: cart.token,
      paymentMethodId: "manual",
      currency: "EUR",
      idempotencyKey: randomUUID(),
    };
    const results = await Promise.all(Array.from({ length: 8 }, () => callTool(t, "checkout", args)));
    const after = await checkoutTraces(t.db);
    expect(after.orders - before.orders).toBe(1);
    expect(before.onHand - after.onHand).toBe(3);
    const orders = results.filter((result) => result.isError !== true).map((result) => result.structuredContent?.id);
    expect(orders.length).toBeGreaterThanOrEqual(1);
    expect(new Set(orders).size).toBe(1);
    for (const refused of results.filter((result) => result.isError === true)) {
      expect(refused.content[0]?.text).toMatch(/^CONFLICT/);
    }
  });
});
