import { createHmac, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor } from "@unified-commerce/plugin-sdk/testing";
import { ACP_PERMISSION } from "./acp-declarations.js";
import {
  acpClient,
  acpStore,
  acpTraces,
  ADDRESS,
  call,
  createWarehouse,
  PAYMENT,
  restCart,
  restCheckout,
  stockedProduct,
  stockOf,
  WEBHOOK_SECRET,
  type AcpStore,
} from "./acp-test-helpers.js";
import { verifyOrderEventSignature } from "./order-webhook.js";

type Total = { type: string; amount: number };
const amountOf = (totals: Total[], type: string) => totals.find((total) => total.type === type)?.amount;

describe("Agentic Checkout: a purchase by an agent platform", () => {
  let store: AcpStore;
  let acp: ReturnType<typeof acpClient>;
  let shirt: string;
  let warehouseId: string;
  beforeAll(async () => {
    store = await acpStore();
    warehouseId = await createWarehouse(store.t);
    shirt = await stockedProduct(store.t, { slug: "agent-shirt", warehouseId, price: 2500, onHand: 10 });
    acp = acpClient(store.t, await store.agentKey());
  });
  afterAll(() => store.close());

  it("walks create → update (fulfillment option) → complete, with server prices, shipping charged and the stock taken", async () => {
    const created = await acp.create({
      line_items: [{ id: shirt, quantity: 2, unit_amount: 1 }],
      currency: "eur",
      fulfillment_details: { name: "Ada", address: ADDRESS },
      capabilities: {},
    });
    expect(created.status).toBe(201);
    expect(created.headers["request-id"]).toMatch(/^req_/);
    expect(created.headers["idempotency-key"]).toBeTruthy();
    const session = created.body;
    expect(session).toMatchObject({
      id: expect.stringMatching(/^cs_[0-9a-f]{32}$/),
      status: "not_ready_for_payment",
      currency: "eur",
      protocol: { version: "2026-04-17" },
    });
    // The agent's unit_amount is ignored: the server's price is 2500.
    expect(session.line_items).toEqual([
      expect.objectContaining({
        quantity: 2,
        unit_amount: 2500,
        product_id: shirt,
        item: expect.objectContaining({ id: shirt }),
      }),
    ]);
    expect(session.messages).toEqual([
      expect.objectContaining({ type: "error", code: "missing", param: "$.selected_fulfillment_options" }),
    ]);
    expect(session.fulfillment_options.map((option: { id: string }) => option.id)).toEqual([
      store.option.standard,
      store.option.express,
    ]);
    expect(amountOf(session.totals, "total")).toBe(5000);
    for (const total of session.totals as Total[]) expect(Number.isInteger(total.amount)).toBe(true);

    const updated = await acp.update(session.id, {
      selected_fulfillment_options: [
        { type: "shipping", option_id: store.option.standard, item_ids: [session.line_items[0].id] },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      status: "ready_for_payment",
      messages: [],
      selected_fulfillment_options: [{ type: "shipping", option_id: store.option.standard }],
    });
    expect(amountOf(updated.body.totals, "fulfillment")).toBe(500);
    expect(amountOf(updated.body.totals, "total")).toBe(5500);

    const completed = await acp.complete(session.id, {
      buyer: { first_name: "Ada", email: "ada@example.com" },
      payment_data: PAYMENT,
    });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({
      id: session.id,
      status: "completed",
      order: { type: "order", checkout_session_id: session.id, status: "created" },
    });
    expect(amountOf(completed.body.order.totals, "total")).toBe(5500);
    // The store's order charges what the agent was shown, shipping included.
    const order = (await call(store.t, "GET", `/api/orders/${completed.body.order.id}`)).body.data;
    expect(order).toMatchObject({
      total: 5500,
      shippingTotal: 500,
      subtotal: 5000,
      shippingAddress: { country: "DE", postalCode: "10115" },
    });
    expect(await stockOf(store.t, shirt)).toMatchObject({ onHand: 8 });
    expect((await acp.get(session.id)).body).toMatchObject({ status: "completed", order: { id: order.id } });
  });

  it("replays create and complete with the same key, and refuses the same key with other parameters", async () => {
    const key = randomUUID();
    const body = {
      line_items: [{ id: shirt, quantity: 1 }],
      currency: "EUR",
      fulfillment_details: { address: ADDRESS },
    };
    const first = await acp.create(body, { idempotencyKey: key });
    const before = await acpTraces(store.t);
    const replay = await acp.create(body, { idempotencyKey: key });
    expect(replay.status).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.body).toEqual(first.body);
    const changed = await acp.create({ ...body, line_items: [{ id: shirt, quantity: 3 }] }, { idempotencyKey: key });
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({
      type: "invalid_request",
      code: "idempotency_conflict",
      message: expect.any(String),
    });
    expect(await acpTraces(store.t)).toEqual(before);

    const id = first.body.id as string;
    await acp.update(id, { fulfillment_option_id: store.option.express });
    const completeKey = randomUUID();
    const done = await acp.complete(id, { payment_data: PAYMENT }, { idempotencyKey: completeKey });
    expect(done.body.status).toBe("completed");
    const afterComplete = await acpTraces(store.t);
    const again = await acp.complete(id, { payment_data: PAYMENT }, { idempotencyKey: completeKey });
    expect(again.status).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body.order.id).toBe(done.body.order.id);
    const otherPayment = await acp.complete(
      id,
      { payment_data: { ...PAYMENT, handler_id: "card" } },
      { idempotencyKey: completeKey },
    );
    expect(otherPayment.status).toBe(422);
    expect(otherPayment.body.code).toBe("idempotency_conflict");
    // A new key is a new request: the session is completed, nothing is placed twice.
    const newKey = await acp.complete(id, { payment_data: PAYMENT });
    expect(newKey.status).toBe(409);
    expect(newKey.body).toMatchObject({ type: "invalid_request", code: "session_closed" });
    expect(await acpTraces(store.t)).toEqual(afterComplete);
  });

  it("cancels an open session, and answers 405 for a completed or canceled one", async () => {
    const open = (await acp.create({ line_items: [{ id: shirt }] })).body;
    const canceled = await acp.cancel(open.id, { intent_trace: { reason_code: "price_sensitivity" } });
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe("canceled");
    expect((await acp.cancel(open.id)).status).toBe(405);
    expect((await acp.update(open.id, { buyer: { email: "late@example.com" } })).body.code).toBe("session_closed");

    const bought = (await acp.create({ line_items: [{ id: shirt }], fulfillment_details: { address: ADDRESS } })).body;
    await acp.update(bought.id, { fulfillment_option_id: store.option.standard });
    expect((await acp.complete(bought.id, { payment_data: PAYMENT })).body.status).toBe("completed");
    const refused = await acp.cancel(bought.id);
    expect(refused.status).toBe(405);
    expect(refused.body).toEqual({ type: "invalid_request", code: "not_cancelable", message: expect.any(String) });
    expect((await acp.get(bought.id)).body.status).toBe("completed");
  });

  it("answers a checkout refused for stock with an out_of_stock message, writing nothing", async () => {
    const last = await stockedProduct(store.t, { slug: "agent-last-unit", warehouseId, price: 900, onHand: 1 });
    const session = (
      await acp.create({ line_items: [{ id: last, quantity: 1 }], fulfillment_details: { address: ADDRESS } })
    ).body;
    await acp.update(session.id, { fulfillment_option_id: store.option.standard });
    // Someone else buys the last unit through the REST API meanwhile.
    expect((await restCheckout(store.t, await restCart(store.t, last))).status).toBe(201);
    const before = await acpTraces(store.t);
    const answer = await acp.complete(session.id, { payment_data: PAYMENT });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe("not_ready_for_payment");
    expect(answer.body.messages).toContainEqual(
      expect.objectContaining({ type: "error", code: "out_of_stock", param: "$.line_items[0]" }),
    );
    expect(answer.body.order).toBeUndefined();
    const after = await acpTraces(store.t);
    expect({ ...after, keys: before.keys }).toEqual(before);
  });

  it("answers an unknown payment handler with a payment_declined message", async () => {
    const session = (await acp.create({ line_items: [{ id: shirt }], fulfillment_details: { address: ADDRESS } })).body;
    await acp.update(session.id, { fulfillment_option_id: store.option.standard });
    const answer = await acp.complete(session.id, {
      payment_data: {
        handler_id: "bitcoin",
        instrument: { type: "wallet", credential: { type: "token", token: "x" } },
      },
    });
    expect(answer.body.status).toBe("ready_for_payment");
    expect(answer.body.messages).toContainEqual(expect.objectContaining({ type: "error", code: "payment_declined" }));
    expect((await acp.get(session.id)).body.status).toBe("ready_for_payment");
  });

  it("posts the order's lifecycle to the platform's webhook, signed, retrying a failed delivery", async () => {
    const session = (await acp.create({ line_items: [{ id: shirt }], fulfillment_details: { address: ADDRESS } })).body;
    await acp.update(session.id, { fulfillment_option_id: store.option.standard });
    const orderId = (await acp.complete(session.id, { payment_data: PAYMENT })).body.order.id as string;
    store.deliveries.length = 0;
    store.webhook.failing = 1;
    // The first attempt meets a 503; the queue retries it.
    for (let round = 0; round < 20 && store.deliveries.length === 0; round += 1) {
      await store.t.kernel.services.jobs.run({ queue: "default", limit: 20 });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(store.webhook.failing).toBe(0);
    const created = store.deliveries.find((delivery) => JSON.parse(delivery.body).data.id === orderId);
    expect(created).toBeDefined();
    const event = JSON.parse(created!.body);
    expect(event).toMatchObject({
      type: "order_create",
      data: {
        type: "order",
        id: orderId,
        checkout_session_id: session.id,
        status: "created",
        permalink_url: expect.any(String),
      },
    });
    // The receiver's check, written from the webhook spec: t=<unix>,v1=hex(HMAC-SHA256(secret, t + "." + body)).
    const [, timestamp, signature] =
      /^t=(\d+),v1=([0-9a-f]{64})$/.exec(created!.headers["merchant-signature"] ?? "") ?? [];
    expect(signature).toBe(createHmac("sha256", WEBHOOK_SECRET).update(`${timestamp}.${created!.body}`).digest("hex"));
    expect(
      verifyOrderEventSignature({
        secret: WEBHOOK_SECRET,
        header: created!.headers["merchant-signature"],
        body: created!.body,
      }),
    ).toBe(true);
    expect(
      verifyOrderEventSignature({
        secret: "another secret",
        header: created!.headers["merchant-signature"],
        body: created!.body,
      }),
    ).toBe(false);

    expect(
      (await call(store.t, "PATCH", `/api/orders/${orderId}/status`, { body: { status: "cancelled" } })).status,
    ).toBe(200);
    for (
      let round = 0;
      round < 20 && !store.deliveries.some((delivery) => JSON.parse(delivery.body).type === "order_update");
      round += 1
    ) {
      await store.t.kernel.services.jobs.run({ queue: "default", limit: 20 });
    }
    const update = store.deliveries.find((delivery) => JSON.parse(delivery.body).type === "order_update");
    expect(JSON.parse(update!.body)).toMatchObject({ type: "order_update", data: { id: orderId, status: "canceled" } });
  });
});

describe("Agentic Checkout: refusals change nothing", () => {
  let store: AcpStore;
  let key: string;
  let acp: ReturnType<typeof acpClient>;
  let shirt: string;
  let sessionId: string;
  beforeAll(async () => {
    store = await acpStore();
    const warehouseId = await createWarehouse(store.t);
    shirt = await stockedProduct(store.t, { slug: "refused-shirt", warehouseId, price: 1000, onHand: 5 });
    key = await store.agentKey();
    acp = acpClient(store.t, key);
    sessionId = (await acp.create({ line_items: [{ id: shirt }] })).body.id as string;
  });
  afterAll(() => store.close());

  it("refuses a missing or unknown API-Version and a missing Idempotency-Key in the spec's error shape", async () => {
    const before = await acpTraces(store.t);
    const noVersion = await acp.send(
      "POST",
      "/checkout_sessions",
      { line_items: [{ id: shirt }] },
      { headers: { "api-version": "" } },
    );
    expect(noVersion.status).toBe(400);
    expect(noVersion.body).toEqual({
      type: "invalid_request",
      code: "unsupported_api_version",
      message: expect.any(String),
    });
    const oldVersion = await acp.send("GET", `/checkout_sessions/${sessionId}`, undefined, {
      headers: { "api-version": "2025-01-01" },
    });
    expect(oldVersion.status).toBe(400);
    const noKey = await store.t.app.inject({
      method: "POST",
      url: "/api/acp/checkout_sessions",
      headers: {
        authorization: `Bearer ${key}`,
        "api-version": "2026-04-17",
        "content-type": "application/json",
        "request-id": "req_1",
      },
      payload: JSON.stringify({ line_items: [{ id: shirt }] }),
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toEqual({
      type: "invalid_request",
      code: "idempotency_key_required",
      message: "Idempotency-Key header is required",
    });
    expect(noKey.headers["request-id"]).toBe("req_1");
    // The refusal was not stored: the same key with a supported version runs.
    const keyOnce = randomUUID();
    expect(
      (
        await acp.send(
          "POST",
          "/checkout_sessions",
          { line_items: [{ id: shirt }] },
          { idempotencyKey: keyOnce, headers: { "api-version": "1999-01-01" } },
        )
      ).status,
    ).toBe(400);
    expect(await acpTraces(store.t)).toEqual(before);
    expect((await acp.create({ line_items: [{ id: shirt }] }, { idempotencyKey: keyOnce })).status).toBe(201);
  });

  it("refuses hostile and invalid bodies with a coded error naming the field, writing nothing", async () => {
    const before = await acpTraces(store.t);
    const unknown = await acp.create({ line_items: [{ id: randomUUID() }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ type: "invalid_request", code: "invalid", param: "$.line_items[0].id" });
    for (const body of [
      {},
      { line_items: [] },
      { line_items: [{ id: shirt, quantity: -1 }] },
      { line_items: [{ id: "'; drop table carts; --" }] },
      { line_items: [{ id: shirt }], extra: 1 },
    ]) {
      const answer = await acp.create(body);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ type: "invalid_request", code: "invalid", message: expect.any(String) });
    }
    const proto = await acp.send("POST", "/checkout_sessions", undefined, { headers: {} });
    expect(proto.status).toBeGreaterThanOrEqual(400);
    const badOption = await acp.update(sessionId, { fulfillment_option_id: "teleport" });
    expect(badOption.status).toBe(400);
    expect(badOption.body).toMatchObject({ code: "invalid", param: "$.selected_fulfillment_options[0].option_id" });
    expect(await acpTraces(store.t)).toEqual({ ...before, keys: (await acpTraces(store.t)).keys });
    expect((await acp.get(sessionId)).body.selected_fulfillment_options).toEqual([]);
  });

  it("refuses callers without credentials (401) or without the agent scope (403)", async () => {
    const anonymous = await store.t.app.inject({
      method: "GET",
      url: `/api/acp/checkout_sessions/${sessionId}`,
      headers: { "api-version": "2026-04-17" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ type: "invalid_request", code: "unauthorized" });
    const storefront = createTestActor({
      id: "storefront",
      type: "apiKey",
      permissions: ["cart:create", "orders:create"],
    });
    const refused = await call(store.t, "GET", `/api/acp/checkout_sessions/${sessionId}`, {
      actor: storefront,
      headers: { "api-version": "2026-04-17" },
    });
    expect(refused.status).toBe(403);
    const agent = createTestActor({ id: "agent", type: "apiKey", permissions: [ACP_PERMISSION] });
    expect(
      (
        await call(store.t, "GET", `/api/acp/checkout_sessions/${sessionId}`, {
          actor: agent,
          headers: { "api-version": "2026-04-17" },
        })
      ).status,
    ).toBe(200);
  });

  it("answers 404 for another organization's session, on every route", async () => {
    const other = acpClient(store.t, await store.agentKey("other-store"));
    const before = await acpTraces(store.t);
    expect((await other.get(sessionId)).status).toBe(404);
    expect((await other.update(sessionId, { buyer: { email: "x@example.com" } })).status).toBe(404);
    expect((await other.complete(sessionId, { payment_data: PAYMENT })).status).toBe(404);
    const cancel = await other.cancel(sessionId);
    expect(cancel.status).toBe(404);
    expect(cancel.body).toEqual({ type: "invalid_request", code: "not_found", message: expect.any(String) });
    expect((await acp.get(sessionId)).body.status).toBe("not_ready_for_payment");
    const after = await acpTraces(store.t);
    expect({ ...after, keys: before.keys }).toEqual(before);
  });
});
