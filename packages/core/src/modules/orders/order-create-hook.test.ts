import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../kernel/app-error.js";
import { defineHook } from "../../kernel/hook-runner.js";
import { definePlugin } from "../../kernel/plugin.js";
import { createTestApp, type TestApp } from "../../testing/index.js";
import { orderInput } from "./orders-test-helpers.js";

const seen: { number: string; isCommitted: boolean }[] = [];
let isFailing = false;

const loyalty = definePlugin({
  id: "loyalty",
  version: "1.0.0",
  dependencies: ["orders"],
  hooks: [
    defineHook("orders.afterCreate", async (order, { services, organizationId }) => {
      const isCommitted = await services.orders.get(organizationId, order.id).then(
        () => true,
        () => false,
      );
      seen.push({ number: order.number, isCommitted });
      if (isFailing) throw new AppError("CONFLICT", { message: "the loyalty service is down" });
    }),
  ],
});

describe("orders.create runs orders.afterCreate itself", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { plugins: [loyalty] } });
  });
  beforeEach(() => {
    seen.length = 0;
    isFailing = false;
  });
  afterAll(() => t.close());

  it("once the caller's transaction commits, whoever the caller is; its failure reaches the caller's hookErrors", async () => {
    const { services, database } = t.kernel;
    const order = await database.transaction((trx) => services.orders.create(orderInput(), { trx }));
    expect(seen).toEqual([{ number: order.number, isCommitted: true }]);
    isFailing = true;
    const failed = await database.transactionWithHookErrors((trx) => services.orders.create(orderInput(), { trx }));
    expect(failed.hookErrors).toEqual([
      { key: "orders.afterCreate", message: "the loyalty service is down", code: "CONFLICT" },
    ]);
    expect(seen.at(-1)).toEqual({ number: failed.result.number, isCommitted: true });
  });

  it("never for an order whose transaction rolled back", async () => {
    const { services, database } = t.kernel;
    const rolledBack = database.transaction(async (trx) => {
      await services.orders.create(orderInput(), { trx });
      throw new Error("a later step failed");
    });
    await expect(rolledBack).rejects.toThrow("a later step failed");
    expect(seen).toEqual([]);
  });
});
