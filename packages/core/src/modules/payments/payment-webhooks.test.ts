import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/index.js";
import { orderInput } from "../orders/testing.js";
import { cardAdapter } from "./card-adapter.js";
import { signCardWebhook } from "./card-signature.js";
import { manualAdapter } from "./manual-adapter.js";

const SECRET = "whsec_new";
const OLD_SECRET = "whsec_old";
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An order (or an id naming none) a card event is about; its amount and currency are the payment's. */
type Paid = { id: string; total: number; currency: string } | string;

const cardEvent = (
  order: Paid,
  overrides: { id?: string; type?: string; intent?: string; amount?: number; currency?: string } = {},
) =>
  JSON.stringify({
    id: overrides.id ?? `evt_${randomUUID()}`,
    type: overrides.type ?? "payment_intent.succeeded",
    data: {
      object: {
        id: overrides.intent ?? "pi_webhook",
        status: "succeeded",
        amount: overrides.amount ?? (typeof order === "string" ? 1000 : order.total),
        currency: overrides.currency ?? (typeof order === "string" ? "eur" : order.currency.toLowerCase()),
        metadata: { orderId: typeof order === "string" ? order : order.id, organizationId: "default" },
      },
    },
  });

describe("payment webhook receiver", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        payments: {
          adapters: [
            manualAdapter(),
            cardAdapter({ apiKey: "sk_test", webhookSecrets: [SECRET, OLD_SECRET], apiBaseUrl: "http://127.0.0.1:9" }),
          ],
        },
        // A multi-store deployment names the store of an anonymous request (a webhook) by host or path.
        auth: { storeResolver: async (request) => (request.hostname === "other.example" ? "other-store" : null) },
      },
    });
  });
  afterAll(() => t.close());

  const deliver = (
    body: string,
    options: {
      provider?: string;
      header?: string;
      secret?: string;
      timestamp?: number;
      contentType?: string;
      host?: string;
    } = {},
  ) =>
    t.app.inject({
      method: "POST",
      url: `/api/payments/webhook/${options.provider ?? "card"}`,
      headers: {
        ...(options.host ? { host: options.host } : {}),
        "content-type": options.contentType ?? "application/json; charset=utf-8",
        "stripe-signature":
          options.header ??
          signCardWebhook(options.secret ?? SECRET, Buffer.from(body), options.timestamp ?? nowSeconds()),
      },
      payload: body,
    });
  const recorded = async () =>
    (await sql<{ count: number }>`select count(*)::int as count from payment_webhook_events`.execute(t.db)).rows[0]
      ?.count ?? 0;
  const statusOf = async (organizationId: string, orderId: string) =>
    (await t.kernel.services.orders.get(organizationId, orderId)).status;
  /** An order with its card intent, as checkout records them (the provider's answer not recorded yet). */
  const cardOrder = (organizationId = "default") =>
    t.kernel.database.transaction(async (trx) => {
      const order = await t.kernel.services.orders.create(
        orderInput({ organizationId, paymentMethodId: "card:pm_1" }),
        { trx },
      );
      await t.kernel.services.payments.recordIntent(
        {
          organizationId,
          orderId: order.id,
          paymentMethodId: "card:pm_1",
          provider: "card",
          amount: order.total,
          currency: order.currency,
        },
        { trx },
      );
      return order;
    });
  const domainEvents = async () =>
    (await sql<{ count: number }>`select count(*)::int as count from domain_events`.execute(t.db)).rows[0]?.count ?? 0;

  it("confirms the order of a verified payment_intent.succeeded and marks its card intent succeeded", async () => {
    const { order, intentId } = await t.kernel.database.transaction(async (trx) => {
      const created = await t.kernel.services.orders.create(orderInput({ paymentMethodId: "card:pm_1" }), { trx });
      const intent = await t.kernel.services.payments.recordIntent(
        {
          organizationId: "default",
          orderId: created.id,
          paymentMethodId: "card:pm_1",
          provider: "card",
          amount: created.total,
          currency: created.currency,
        },
        { trx },
      );
      return { order: created, intentId: intent.id };
    });
    const body = cardEvent(order, { id: "evt_confirm" });
    const response = await deliver(body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { received: true, duplicate: false } });
    expect(await statusOf("default", order.id)).toBe("confirmed");
    const row = await sql<{ type: string; action: string; orderId: string; payload: { id: string } }>`
      select type, action, order_id, payload from payment_webhook_events where event_id = 'evt_confirm'`.execute(t.db);
    expect(row.rows).toEqual([
      {
        type: "payment_intent.succeeded",
        action: "payment_succeeded",
        orderId: order.id,
        payload: expect.objectContaining({ id: "evt_confirm" }),
      },
    ]);
    const [intent] = await t.kernel.services.payments.intentsOf("default", order.id);
    expect(intent).toMatchObject({ id: intentId, status: "succeeded", providerReference: "pi_webhook" });
  });

  // Security issue 31: any signed payment_succeeded naming the order confirmed it, whatever it paid.
  it("records a payment_succeeded whose intent id, amount or currency is not the order's intent's, and confirms nothing", async () => {
    const order = await cardOrder();
    // The provider's answer recorded: its intent id is now the one to match.
    await sql`update payment_intents set provider_reference = 'pi_recorded' where order_id = ${order.id}`.execute(t.db);
    const intentBefore = await t.kernel.services.payments.intentsOf("default", order.id);
    const domainBefore = await domainEvents();
    const mismatches = [
      ["evt_other_intent", { intent: "pi_someone_else" }, "intent pi_someone_else is not the order's (pi_recorded)"],
      [
        "evt_less",
        { intent: "pi_recorded", amount: order.total - 1 },
        `amount ${order.total - 1} is not the intent's ${order.total}`,
      ],
      [
        "evt_currency",
        { intent: "pi_recorded", currency: "usd" },
        `currency usd is not the intent's ${order.currency}`,
      ],
    ] as const;
    for (const [id, overrides] of mismatches) {
      const response = await deliver(cardEvent(order, { id, ...overrides }));
      expect([response.statusCode, response.json()]).toEqual([200, { data: { received: true, duplicate: false } }]);
    }
    expect(await statusOf("default", order.id)).toBe("pending");
    expect(await t.kernel.services.payments.intentsOf("default", order.id)).toEqual(intentBefore);
    expect(await domainEvents()).toBe(domainBefore);
    const rows = await sql<{ eventId: string; orderId: string | null; mismatch: string | null }>`
      select event_id, order_id, mismatch from payment_webhook_events where event_id in ('evt_other_intent', 'evt_less', 'evt_currency') order by event_id`.execute(
      t.db,
    );
    expect(rows.rows).toEqual(
      mismatches
        .map(([eventId, , mismatch]) => ({ eventId, orderId: null, mismatch }))
        .sort((a, b) => a.eventId.localeCompare(b.eventId)),
    );

    // An order paid otherwise (no card intent) is not confirmed by a card event either.
    const manual = await t.kernel.database.transaction((trx) => t.kernel.services.orders.create(orderInput(), { trx }));
    expect((await deliver(cardEvent(manual, { id: "evt_no_intent" }))).statusCode).toBe(200);
    expect(await statusOf("default", manual.id)).toBe("pending");

    // The matching event still confirms it.
    expect((await deliver(cardEvent(order, { intent: "pi_recorded" }))).statusCode).toBe(200);
    expect(await statusOf("default", order.id)).toBe("confirmed");
    expect((await t.kernel.services.payments.intentsOf("default", order.id))[0]).toMatchObject({
      status: "succeeded",
      providerReference: "pi_recorded",
    });
  });

  it("answers a replay 200 duplicate and changes nothing", async () => {
    const order = await cardOrder();
    const body = cardEvent(order, { id: "evt_replayed" });
    expect((await deliver(body)).json().data.duplicate).toBe(false);
    const before = {
      events: await recorded(),
      domain: await domainEvents(),
      order: await t.kernel.services.orders.get("default", order.id),
    };
    // The order moved on meanwhile: a replay must not touch it.
    await sql`update orders set status = 'processing' where id = ${order.id}`.execute(t.db);

    const replay = await deliver(body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ data: { received: true, duplicate: true } });
    expect(await recorded()).toBe(before.events);
    expect(await domainEvents()).toBe(before.domain);
    expect(await statusOf("default", order.id)).toBe("processing");
  });

  it("refuses a tampered body, a stale or future signature and a missing header with 400, recording nothing", async () => {
    const order = await cardOrder();
    const body = cardEvent(order);
    const before = await recorded();
    const signed = signCardWebhook(SECRET, Buffer.from(body), nowSeconds());
    const tampered = body.replace(order.id, randomUUID());
    for (const response of [
      await deliver(tampered, { header: signed }),
      await deliver(body, { timestamp: nowSeconds() - 301 }),
      await deliver(body, { timestamp: nowSeconds() + 301 }),
      await deliver(body, { secret: "whsec_unknown" }),
      await deliver(body, { header: "" }),
      // Signed, but not an event: the adapter refuses it (as JSON, the input rules would have first).
      await deliver("not json", { contentType: "text/plain" }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe("PAYMENT_WEBHOOK_REJECTED");
    }
    expect(await recorded()).toBe(before);
    expect(await statusOf("default", order.id)).toBe("pending");
  });

  it("accepts deliveries signed with the previous secret during a rotation, and headers carrying several signatures", async () => {
    const first = await cardOrder();
    expect((await deliver(cardEvent(first), { secret: OLD_SECRET })).statusCode).toBe(200);
    expect(await statusOf("default", first.id)).toBe("confirmed");

    const second = await cardOrder();
    const body = cardEvent(second);
    const timestamp = nowSeconds();
    const oldSignature = signCardWebhook(OLD_SECRET, Buffer.from(body), timestamp).split(",")[1];
    const newSignature = signCardWebhook(SECRET, Buffer.from(body), timestamp).split(",")[1];
    expect((await deliver(body, { header: `t=${timestamp},${newSignature},${oldSignature}` })).statusCode).toBe(200);
    expect(await statusOf("default", second.id)).toBe("confirmed");
  });

  it("reads the signed bytes whatever the content type, and holds a JSON body to the input rules of every JSON body", async () => {
    const order = await cardOrder();
    const body = cardEvent(order);
    const header = signCardWebhook(SECRET, Buffer.from(body), nowSeconds());
    const plain = await t.app.inject({
      method: "POST",
      url: "/api/payments/webhook/card",
      headers: { "content-type": "text/plain", "stripe-signature": header },
      payload: body,
    });
    expect(plain.statusCode).toBe(200);
    expect(await statusOf("default", order.id)).toBe("confirmed");

    const before = await recorded();
    const malformed = await deliver('{"id":');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe("BAD_REQUEST");
    const unsafe = await deliver(JSON.stringify({ id: "evt_nul", type: "x\u0000", data: {} }));
    expect(unsafe.statusCode).toBe(422);
    const empty = await t.app.inject({
      method: "POST",
      url: "/api/payments/webhook/card",
      headers: { "stripe-signature": header },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe("PAYMENT_WEBHOOK_REJECTED");
    expect(await recorded()).toBe(before);
  });

  it("answers 404 for an unregistered provider and for one without webhooks (manual), recording nothing", async () => {
    const order = await cardOrder();
    const body = cardEvent(order);
    const before = await recorded();
    for (const provider of ["paypal", "manual"]) {
      const response = await deliver(body, { provider });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("NOT_FOUND");
    }
    expect(await recorded()).toBe(before);
    expect(await statusOf("default", order.id)).toBe("pending");
  });

  it("records a delivery naming another organization's order and leaves that order as it is", async () => {
    const theirs = await cardOrder("other-store");
    const before = await recorded();
    const response = await deliver(cardEvent(theirs, { id: "evt_cross_tenant" }));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ received: true, duplicate: false });
    expect(await recorded()).toBe(before + 1);
    expect(await statusOf("other-store", theirs.id)).toBe("pending");
    const row = await sql<{
      organizationId: string;
      orderId: string | null;
    }>`select organization_id, order_id from payment_webhook_events where event_id = 'evt_cross_tenant'`.execute(t.db);
    expect(row.rows).toEqual([{ organizationId: "default", orderId: null }]);
  });

  it("confirms the order of the store the request resolves to", async () => {
    const theirs = await cardOrder("other-store");
    const response = await deliver(cardEvent(theirs, { id: "evt_other_store" }), { host: "other.example" });
    expect(response.statusCode).toBe(200);
    expect(await statusOf("other-store", theirs.id)).toBe("confirmed");
    const row = await sql<{
      organizationId: string;
      orderId: string | null;
    }>`select organization_id, order_id from payment_webhook_events where event_id = 'evt_other_store'`.execute(t.db);
    expect(row.rows).toEqual([{ organizationId: "other-store", orderId: theirs.id }]);
  });

  it("records other events and unknown order ids without moving anything", async () => {
    const order = await cardOrder();
    const before = await recorded();
    expect((await deliver(cardEvent(order, { type: "payment_intent.payment_failed" }))).statusCode).toBe(200);
    expect((await deliver(cardEvent(order, { type: "customer.created" }))).statusCode).toBe(200);
    expect((await deliver(cardEvent(randomUUID()))).statusCode).toBe(200);
    expect((await deliver(cardEvent("not-a-uuid"))).statusCode).toBe(200);
    expect(await recorded()).toBe(before + 4);
    expect(await statusOf("default", order.id)).toBe("pending");
    const actions = await sql<{
      action: string;
    }>`select action from payment_webhook_events order by received_at desc limit 4`.execute(t.db);
    expect(actions.rows.map((row) => row.action).sort()).toEqual([
      "other",
      "payment_failed",
      "payment_succeeded",
      "payment_succeeded",
    ]);
  });

  it("documents the receiver in /api/doc", async () => {
    const document = (await t.app.inject({ url: "/api/doc" })).json();
    expect(document.paths["/api/payments/webhook/{provider}"].post.summary).toBe(
      "Receive a payment provider's webhook",
    );
    expect(document["x-error-codes"].PAYMENT_WEBHOOK_REJECTED).toEqual({
      status: 400,
      message: "The webhook delivery could not be verified",
      module: "payments",
    });
  });
});
