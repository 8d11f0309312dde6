import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, jsonHeaders, testAdminActor, type TestApp } from "../../testing/index.js";
import { orderInput } from "../orders/testing.js";
import { cardAdapter } from "./card-adapter.js";
import { manualAdapter } from "./manual-adapter.js";
import { createPaymentRegistry } from "./payment-registry.js";

describe("payment provider registry", () => {
  const registry = createPaymentRegistry([manualAdapter(), cardAdapter({ apiKey: "sk", webhookSecrets: ["whsec"] })]);

  it("names the provider of a payment method id by its prefix, else by the whole id", () => {
    expect(registry.providerOf("card:pm_123")).toBe("card");
    expect(registry.providerOf("manual:cash")).toBe("manual");
    expect(registry.providerOf("manual_bank_transfer")).toBe("manual");
    expect(registry.providerOf("card")).toBe("card");
    expect(registry.providerOf("pm_123")).toBeNull();
    expect(registry.providerOf("paypal:x")).toBeNull();
    expect(registry.methodOf("card:pm_123")).toBe("pm_123");
    expect(registry.methodOf("manual_bank_transfer")).toBe("bank_transfer");
    expect(registry.methodOf("card")).toBe("");
  });

  it("defaults to the manual adapter and refuses a provider id listed twice", () => {
    expect(createPaymentRegistry().ids()).toEqual(["manual"]);
    expect(() => createPaymentRegistry([manualAdapter(), manualAdapter()])).toThrow(
      'provider id "manual" is listed twice',
    );
  });

  it("fails boot on a duplicate provider id", async () => {
    await expect(
      createTestApp({ config: { payments: { adapters: [manualAdapter(), manualAdapter()] } } }),
    ).rejects.toThrow("listed twice");
  });
});

describe("payment intents", () => {
  let t: TestApp;
  let gateway: Server;
  let isGatewayDown = false;
  const calls: { headers: IncomingHttpHeaders; form: Record<string, string> }[] = [];

  beforeAll(async () => {
    // A Stripe-compatible gateway on loopback; it answers 500 while `isGatewayDown`.
    gateway = createServer((request, response) => {
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString()));
      request.on("end", () => {
        calls.push({ headers: request.headers, form: Object.fromEntries(new URLSearchParams(text)) });
        response.setHeader("content-type", "application/json");
        if (isGatewayDown) {
          response.statusCode = 500;
          response.end(JSON.stringify({ error: { message: "Gateway unavailable" } }));
          return;
        }
        response.end(
          JSON.stringify({ id: `pi_${calls.length}`, status: "requires_payment_method", client_secret: "secret" }),
        );
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
    const apiBaseUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    t = await createTestApp({
      config: {
        payments: {
          adapters: [manualAdapter(), cardAdapter({ apiKey: "sk_test", webhookSecrets: ["whsec"], apiBaseUrl })],
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
  });

  /** Creates an order and records its intent in one transaction, as checkout does. */
  const checkout = (
    paymentMethodId: string,
    provider = t.kernel.services.payments.providerOf(paymentMethodId) ?? paymentMethodId,
  ) =>
    t.kernel.database.transaction(async (trx) => {
      const order = await t.kernel.services.orders.create(orderInput({ paymentMethodId }), { trx });
      const intent = await t.kernel.services.payments.recordIntent(
        {
          organizationId: "default",
          orderId: order.id,
          paymentMethodId,
          provider,
          amount: order.total,
          currency: order.currency,
        },
        { trx },
      );
      return { order, intent };
    });
  const intentJobs = async () =>
    (
      await sql<{
        id: string;
        status: string;
        error: string | null;
      }>`select id, status, error from jobs where task_slug = 'payments/create-intent' order by created_at`.execute(
        t.db,
      )
    ).rows;
  const runJobs = () => t.kernel.services.jobs.run({ queue: "default", limit: 20 });

  it("records a pending intent with its job in checkout's transaction, and calls the provider only from the job", async () => {
    calls.length = 0;
    const { order, intent } = await checkout("card:pm_card_visa");
    expect(intent).toMatchObject({
      orderId: order.id,
      provider: "card",
      status: "pending",
      providerReference: null,
      amount: order.total,
      attempts: 0,
    });
    expect(calls).toHaveLength(0);
    expect((await intentJobs()).at(-1)).toMatchObject({ status: "pending" });

    await runJobs();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers["idempotency-key"]).toBe(intent.id);
    expect(calls[0]?.form).toMatchObject({
      amount: String(order.total),
      currency: "eur",
      payment_method: "pm_card_visa",
      "metadata[orderId]": order.id,
      "metadata[orderNumber]": order.number,
    });
    const [recorded] = await t.kernel.services.payments.intentsOf("default", order.id);
    expect(recorded).toMatchObject({
      providerReference: "pi_1",
      status: "requires_action",
      attempts: 1,
      lastError: null,
    });
    expect((await intentJobs()).at(-1)).toMatchObject({ status: "succeeded" });
  });

  it("records a manual intent's reference without any gateway call", async () => {
    calls.length = 0;
    const { order } = await checkout("manual");
    await runJobs();
    expect(calls).toHaveLength(0);
    expect(await t.kernel.services.payments.intentsOf("default", order.id)).toEqual([
      expect.objectContaining({ provider: "manual", providerReference: `manual_${order.id}`, status: "pending" }),
    ]);
  });

  it("records a failing gateway's error, retries later with the same idempotency key, and records the reference then", async () => {
    calls.length = 0;
    isGatewayDown = true;
    const { order, intent } = await checkout("card:pm_flaky");
    await runJobs();
    const [failed] = await t.kernel.services.payments.intentsOf("default", order.id);
    expect(failed).toMatchObject({
      status: "pending",
      providerReference: null,
      attempts: 1,
      lastError: expect.stringContaining("Gateway unavailable"),
    });
    const job = (await intentJobs()).at(-1);
    expect(job).toMatchObject({ status: "pending", error: expect.stringContaining("500") });
    // Backed off: a run now does not retry it.
    await runJobs();
    expect(calls).toHaveLength(1);

    isGatewayDown = false;
    await sql`update jobs set wait_until = now() where id = ${job?.id}`.execute(t.db);
    await runJobs();
    expect(calls.map((call) => call.headers["idempotency-key"])).toEqual([intent.id, intent.id]);
    const [recorded] = await t.kernel.services.payments.intentsOf("default", order.id);
    expect(recorded).toMatchObject({
      status: "requires_action",
      providerReference: "pi_2",
      attempts: 2,
      lastError: null,
    });
  });

  it("marks the intent failed when the last attempt fails, and asks again when the job is retried", async () => {
    isGatewayDown = true;
    const { order } = await checkout("card:pm_dead");
    const job = (await intentJobs()).at(-1);
    await sql`update jobs set max_attempts = 1 where id = ${job?.id}`.execute(t.db);
    await runJobs();
    isGatewayDown = false;
    expect(await t.kernel.services.payments.intentsOf("default", order.id)).toEqual([
      expect.objectContaining({ status: "failed", attempts: 1, lastError: expect.stringContaining("500") }),
    ]);
    expect((await intentJobs()).at(-1)).toMatchObject({ status: "failed" });

    // An administrator retries the failed job once the gateway is back: the intent gets its reference.
    const failedJob = (await intentJobs()).at(-1);
    const retried = await t.app.inject({
      method: "POST",
      url: `/api/admin/jobs/${failedJob?.id}/retry`,
      headers: jsonHeaders(testAdminActor),
    });
    expect(retried.statusCode).toBe(200);
    await runJobs();
    expect(await t.kernel.services.payments.intentsOf("default", order.id)).toEqual([
      expect.objectContaining({
        status: "requires_action",
        attempts: 2,
        lastError: null,
        providerReference: expect.stringMatching(/^pi_/),
      }),
    ]);
  });

  it("refuses an unregistered provider with 422 and leaves nothing when checkout rolls back", async () => {
    const count = async () =>
      (
        await sql<{ intents: number; orders: number; jobs: number }>`
      select (select count(*)::int from payment_intents) as intents, (select count(*)::int from orders) as orders,
        (select count(*)::int from jobs where task_slug = 'payments/create-intent') as jobs`.execute(t.db)
      ).rows[0];
    const before = await count();
    await expect(checkout("paypal:acct_1", "paypal")).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
    expect(await count()).toEqual(before);
  });
});
