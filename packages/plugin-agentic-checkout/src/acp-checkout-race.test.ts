import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPostgresTestRun } from "@unified-commerce/plugin-sdk/testing";
import {
  acpClient,
  acpStore,
  ADDRESS,
  createWarehouse,
  PAYMENT,
  restCart,
  restCheckout,
  stockedProduct,
  stockOf,
  type AcpStore,
} from "./acp-test-helpers.js";

describe.skipIf(!isPostgresTestRun())("Agentic Checkout racing REST checkouts for the last unit (PostgreSQL)", () => {
  let store: AcpStore;
  let warehouseId: string;
  beforeAll(async () => {
    store = await acpStore();
    warehouseId = await createWarehouse(store.t);
  });
  afterAll(() => store.close());

  it("sells the last unit once, whoever wins: 10 agent completions and 10 REST checkouts at the same time", async () => {
    const acp = acpClient(store.t, await store.agentKey());
    for (let round = 0; round < 3; round += 1) {
      const entityId = await stockedProduct(store.t, {
        slug: `last-unit-${round}`,
        warehouseId,
        price: 1200,
        onHand: 1,
      });
      const sessions: string[] = [];
      for (let index = 0; index < 10; index += 1) {
        const session = (
          await acp.create({ line_items: [{ id: entityId }], fulfillment_details: { address: ADDRESS } })
        ).body;
        await acp.update(session.id, { fulfillment_option_id: store.option.standard });
        sessions.push(session.id as string);
      }
      const carts = await Promise.all(Array.from({ length: 10 }, () => restCart(store.t, entityId)));
      const answers = await Promise.all([
        ...sessions.map((id) =>
          acp.complete(id, { payment_data: PAYMENT }).then((answer) => ({ kind: "acp" as const, answer })),
        ),
        ...carts.map((cart) => restCheckout(store.t, cart).then((answer) => ({ kind: "rest" as const, answer }))),
      ]);
      const sold = answers.filter(({ kind, answer }) =>
        kind === "acp" ? answer.body.status === "completed" : answer.status === 201,
      );
      expect(sold).toHaveLength(1);
      for (const { kind, answer } of answers) {
        expect(answer.status).toBeLessThan(500);
        if (kind === "acp" && answer.body.status !== "completed") {
          expect(answer.body.messages).toContainEqual(expect.objectContaining({ code: "out_of_stock" }));
        }
      }
      expect(await stockOf(store.t, entityId)).toMatchObject({ onHand: 0, available: 0 });
    }
  }, 120_000);

  it("runs one completion of 8 simultaneous sends with one Idempotency-Key: the others are in flight (409) or replay it", async () => {
    const acp = acpClient(store.t, await store.agentKey());
    const entityId = await stockedProduct(store.t, { slug: "in-flight", warehouseId, price: 700, onHand: 5 });
    const session = (await acp.create({ line_items: [{ id: entityId }], fulfillment_details: { address: ADDRESS } }))
      .body;
    await acp.update(session.id, { fulfillment_option_id: store.option.standard });
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => acp.complete(session.id, { payment_data: PAYMENT }, { idempotencyKey: key })),
    );
    for (const answer of answers) {
      if (answer.status === 409) {
        expect(answer.body).toMatchObject({ type: "invalid_request", code: "idempotency_in_flight" });
        expect(answer.headers["retry-after"]).toBe("1");
      } else {
        expect(answer.status).toBe(200);
        expect(answer.body.status).toBe("completed");
      }
    }
    const orders = new Set(answers.filter((answer) => answer.status === 200).map((answer) => answer.body.order.id));
    expect(orders.size).toBe(1);
    expect(await stockOf(store.t, entityId)).toMatchObject({ onHand: 4 });
  }, 60_000);
});
