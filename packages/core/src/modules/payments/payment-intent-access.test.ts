import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestActor, createTestApp, type TestApp } from "../../testing/index.js";
import { otherOrgAdmin } from "../catalog/testing.js";
import { cartCall, shopper, storefrontKey } from "../carts/testing.js";
import { cartWith, checkout, createWarehouse, stockedProduct } from "../checkout/testing.js";
import { cardAdapter } from "./card-adapter.js";
import { manualAdapter } from "./manual-adapter.js";

/** What the fake gateway answers as the client secret of its `n`th intent. */
const clientSecretOf = (n: number) => `pi_${n}_secret_${"s".repeat(24)}`;

describe("GET /api/payments/intents/:id", () => {
  let t: TestApp;
  let gateway: Server;
  let intents = 0;
  let entityId: string;

  beforeAll(async () => {
    // A Stripe-compatible gateway on loopback, answering each intent with a client secret.
    gateway = createServer((request, response) => {
      request.resume();
      request.on("end", () => {
        intents += 1;
        response.setHeader("content-type", "application/json");
        response.end(
          JSON.stringify({
            id: `pi_${intents}`,
            status: "requires_payment_method",
            client_secret: clientSecretOf(intents),
          }),
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
    const warehouseId = await createWarehouse(t.app);
    entityId = await stockedProduct(t.app, { slug: "lamp", warehouseId, price: 4500, onHand: 100 });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => gateway.close(() => resolve()));
  });

  const runJobs = () => t.kernel.services.jobs.run({ queue: "default", limit: 20 });
  const readIntent = (id: string, options: Omit<Parameters<typeof cartCall>[3], "body">) =>
    cartCall(t.app, "GET", `/api/payments/intents/${id}`, options);

  /** A guest's card checkout; answers the cart, the order and its payment. */
  async function guestCardOrder() {
    const cart = await cartWith(t.app, [{ entityId, quantity: 1 }]);
    const placed = await checkout(t.app, cart, { paymentMethodId: "card" });
    expect(placed.status).toBe(201);
    return { cart, order: placed.body.data };
  }

  it("answers the payment with the checkout, and its client secret to the guest once the provider answered", async () => {
    const { cart, order } = await guestCardOrder();
    expect(order.payment).toEqual({ id: expect.any(String), provider: "card", status: "pending" });

    // The provider is asked by a job after commit: until then the storefront polls a pending intent.
    const early = await readIntent(order.payment.id, { actor: storefrontKey, token: cart.token });
    expect(early.status).toBe(200);
    expect(early.body.data).toEqual({
      id: order.payment.id,
      orderId: order.id,
      provider: "card",
      status: "pending",
      amount: 4500,
      currency: "EUR",
      clientSecret: null,
      lastError: null,
    });

    await runJobs();
    const ready = await readIntent(order.payment.id, { actor: storefrontKey, token: cart.token });
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({
      status: "requires_action",
      clientSecret: clientSecretOf(intents),
      lastError: null,
    });
  });

  it("stores the client secret encrypted: no column holds it in the clear", async () => {
    const { order } = await guestCardOrder();
    await runJobs();
    const secret = clientSecretOf(intents);
    const { rows } = await sql<{ row: string; sealed: string | null }>`
      select row_to_json(p)::text as row, client_secret_sealed as sealed from payment_intents p where id = ${order.payment.id}`.execute(
      t.db,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sealed).toMatch(/^v1\./);
    expect(rows[0]?.row).not.toContain(secret);
    expect(rows[0]?.row).not.toContain(Buffer.from(secret).toString("base64url"));
  });

  it("answers a customer's intent to their session, and a manual intent without a client secret", async () => {
    const alice = shopper("alice");
    const created = await cartCall(t.app, "POST", "/api/carts", { actor: alice, body: { currency: "EUR" } });
    const cartId = created.body.data.id;
    expect(
      (await cartCall(t.app, "POST", `/api/carts/${cartId}/items`, { actor: alice, body: { entityId, quantity: 2 } }))
        .status,
    ).toBe(200);
    const placed = await checkout(t.app, { id: cartId }, { paymentMethodId: "manual" }, alice);
    expect(placed.status).toBe(201);
    expect(placed.body.data.payment).toMatchObject({ provider: "manual", status: "pending" });
    await runJobs();

    const read = await readIntent(placed.body.data.payment.id, { actor: alice });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      orderId: placed.body.data.id,
      provider: "manual",
      amount: 9000,
      clientSecret: null,
    });
    expect((await readIntent(placed.body.data.payment.id, { actor: shopper("bob") })).status).toBe(404);
  });

  it("answers staff with orders:read, 404 to another guest, customer or organization, 403 without any right", async () => {
    const { cart, order } = await guestCardOrder();
    await runJobs();
    const otherCart = await cartWith(t.app, [{ entityId, quantity: 1 }]);
    const intentId: string = order.payment.id;

    const refused = [
      readIntent(intentId, { actor: storefrontKey }),
      readIntent(intentId, { actor: storefrontKey, token: otherCart.token }),
      readIntent(intentId, { actor: storefrontKey, token: "not-a-token" }),
      readIntent(intentId, { actor: shopper("carol") }),
      readIntent(intentId, { actor: shopper("carol", "other-store"), token: cart.token }),
      readIntent(intentId, { actor: otherOrgAdmin, token: cart.token }),
      readIntent(randomUUID(), { actor: storefrontKey, token: cart.token }),
    ];
    for (const response of await Promise.all(refused)) {
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("NOT_FOUND");
      expect(JSON.stringify(response.body)).not.toContain("_secret_");
    }

    const staff = createTestActor({ id: "clerk", permissions: ["orders:read"] });
    const asStaff = await readIntent(intentId, { actor: staff });
    expect(asStaff.status).toBe(200);
    expect(asStaff.body.data.clientSecret).toBe(clientSecretOf(intents));

    const nobody = createTestActor({ id: "nobody", permissions: [] });
    expect((await readIntent(intentId, { actor: nobody, token: cart.token })).status).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/payments/intents/${intentId}` })).statusCode).toBe(401);
  });

  it("documents the intent route and the checkout's payment in /api/doc", async () => {
    const document = (await t.app.inject({ url: "/api/doc" })).json();
    const intent = document.paths["/api/payments/intents/{id}"].get;
    expect(intent.summary).toBe("Read an order's payment intent, with the provider's client secret");
    expect(Object.keys(intent.responses["200"].content["application/json"].schema.properties.data.properties)).toEqual(
      expect.arrayContaining([
        "id",
        "orderId",
        "provider",
        "status",
        "amount",
        "currency",
        "clientSecret",
        "lastError",
      ]),
    );
    const placed =
      document.paths["/api/checkout"].post.responses["201"].content["application/json"].schema.properties.data;
    expect(Object.keys(placed.properties.payment.properties)).toEqual(["id", "provider", "status"]);
  });
});
