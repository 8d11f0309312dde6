import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboundClient } from "../../http/outbound/outbound-client.js";
import { cardAdapter } from "./card-adapter.js";
import { signCardWebhook, verifyCardSignature } from "./card-signature.js";
import { PaymentWebhookRejected } from "./payment-adapter.js";

const SECRET = "whsec_current";
const OLD_SECRET = "whsec_previous";
const now = new Date("2026-11-25T12:00:00Z");
const nowSeconds = Math.floor(now.getTime() / 1000);
const body = Buffer.from(
  JSON.stringify({
    id: "evt_1",
    type: "payment_intent.succeeded",
    data: { object: { id: "pi_1", amount: 2400, currency: "eur", metadata: { orderId: "order-1" } } },
  }),
);

const verify =
  (header: string | undefined, rawBody = body) =>
  () =>
    verifyCardSignature({ header, rawBody, secrets: [SECRET, OLD_SECRET], now });

describe("card webhook signatures", () => {
  it("accepts a signature of the body by either configured secret", () => {
    expect(verify(signCardWebhook(SECRET, body, nowSeconds))).not.toThrow();
    expect(verify(signCardWebhook(OLD_SECRET, body, nowSeconds))).not.toThrow();
  });

  it("accepts a header carrying several v1 values (sender rotating) when one matches", () => {
    const wrong = signCardWebhook("whsec_other", body, nowSeconds).split(",")[1];
    expect(verify(`${signCardWebhook(SECRET, body, nowSeconds)},${wrong}`)).not.toThrow();
    expect(
      verify(`t=${nowSeconds},${wrong},v0=abc,${signCardWebhook(SECRET, body, nowSeconds).split(",")[1]}`),
    ).not.toThrow();
  });

  it("refuses a tampered body, an unknown secret, a missing or malformed header", () => {
    const header = signCardWebhook(SECRET, body, nowSeconds);
    expect(verify(header, Buffer.concat([body, Buffer.from(" ")]))).toThrow(PaymentWebhookRejected);
    expect(verify(signCardWebhook("whsec_other", body, nowSeconds))).toThrow("No signature matches");
    expect(verify(undefined)).toThrow("Missing");
    expect(verify("v1=abc")).toThrow("Malformed");
    expect(verify(`t=${nowSeconds}`)).toThrow("Malformed");
    expect(verify(`t=${nowSeconds},v1=${"z".repeat(64)}`)).toThrow("Malformed");
  });

  it("refuses a timestamp more than 300 s away from the receiver's clock, either way", () => {
    expect(verify(signCardWebhook(SECRET, body, nowSeconds - 300))).not.toThrow();
    expect(verify(signCardWebhook(SECRET, body, nowSeconds - 301))).toThrow("tolerance");
    expect(verify(signCardWebhook(SECRET, body, nowSeconds + 301))).toThrow("tolerance");
  });
});

describe("card adapter", () => {
  const requests: { url: string; headers: IncomingMessage["headers"]; form: URLSearchParams }[] = [];
  let gateway: Server;
  let baseUrl: string;

  beforeAll(async () => {
    // A Stripe-compatible gateway on loopback: answers what the real one answers for these calls.
    gateway = createServer((request, response) => {
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString()));
      request.on("end", () => {
        const form = new URLSearchParams(text);
        requests.push({ url: request.url ?? "", headers: request.headers, form });
        response.setHeader("content-type", "application/json");
        if (form.get("payment_method") === "pm_declined") {
          response.statusCode = 402;
          response.end(JSON.stringify({ error: { message: "Your card was declined." } }));
        } else if (request.url === "/v1/payment_intents") {
          response.end(JSON.stringify({ id: "pi_123", status: "requires_capture", client_secret: "pi_123_secret" }));
        } else if (request.url === "/v1/payment_intents/pi_123/capture") {
          response.end(JSON.stringify({ id: "pi_123", status: "succeeded" }));
        } else {
          response.end(JSON.stringify({ id: "re_1", status: "succeeded" }));
        }
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

  const adapter = () => cardAdapter({ apiKey: "sk_test_1", webhookSecrets: [SECRET], apiBaseUrl: baseUrl });
  // The payments module hands the kernel's client; outside production it reaches a gateway on loopback.
  const local = { outbound: createOutboundClient({ environment: "test" }) };
  const intentInput = {
    organizationId: "org-1",
    orderId: "order-1",
    orderNumber: "ORD-2026-000001",
    amount: 1250,
    currency: "EUR",
    paymentMethodId: "pm_card",
    idempotencyKey: "intent-order-1",
  };

  it("creates an intent with the order in its metadata and the idempotency key, and maps the status", async () => {
    const intent = await adapter().createIntent(intentInput, local);
    expect(intent).toEqual({ providerReference: "pi_123", status: "authorized", clientSecret: "pi_123_secret" });
    const sent = requests.at(-1);
    expect(sent?.headers.authorization).toBe("Bearer sk_test_1");
    expect(sent?.headers["idempotency-key"]).toBe("intent-order-1");
    expect(Object.fromEntries(sent?.form ?? [])).toMatchObject({
      amount: "1250",
      currency: "eur",
      "metadata[orderId]": "order-1",
      "metadata[organizationId]": "org-1",
    });
  });

  it("captures and refunds", async () => {
    await expect(
      adapter().capture({ organizationId: "org-1", providerReference: "pi_123", idempotencyKey: "capture-1" }, local),
    ).resolves.toEqual({ providerReference: "pi_123", status: "succeeded" });
    await expect(
      adapter().refund(
        {
          organizationId: "org-1",
          providerReference: "pi_123",
          amount: 500,
          currency: "EUR",
          idempotencyKey: "refund-1",
        },
        local,
      ),
    ).resolves.toEqual({ providerReference: "re_1", status: "refunded" });
    expect(Object.fromEntries(requests.at(-1)?.form ?? [])).toEqual({ payment_intent: "pi_123", amount: "500" });
  });

  it("reports a gateway refusal with the gateway's message", async () => {
    await expect(adapter().createIntent({ ...intentInput, paymentMethodId: "pm_declined" }, local)).rejects.toThrow(
      "402 to POST /v1/payment_intents: Your card was declined.",
    );
  });

  it("calls the gateway through the outbound client: a gateway on loopback is refused under the production policy", async () => {
    const before = requests.length;
    const production = { outbound: createOutboundClient({ environment: "production" }) };
    await expect(adapter().createIntent(intentInput, production)).rejects.toThrow(
      "Refused outbound target: 127.0.0.1 is a loopback address",
    );
    // Called without the payments module's context, it keeps to public addresses.
    await expect(adapter().createIntent(intentInput)).rejects.toThrow("Refused outbound target");
    expect(requests.length).toBe(before);
  });

  it("parses a verified delivery into its event id, action, order, intent, amount and currency", () => {
    const event = adapter().parseWebhook?.({
      rawBody: body,
      headers: { "stripe-signature": signCardWebhook(SECRET, body, nowSeconds) },
      now,
    });
    expect(event).toMatchObject({
      eventId: "evt_1",
      type: "payment_intent.succeeded",
      action: "payment_succeeded",
      orderId: "order-1",
      providerReference: "pi_1",
      amount: 2400,
      currency: "eur",
    });
  });

  it("refuses an unsigned delivery and a signed body that is not an event", () => {
    const parse = adapter().parseWebhook;
    expect(() => parse?.({ rawBody: body, headers: {}, now })).toThrow(PaymentWebhookRejected);
    const notJson = Buffer.from("not json");
    expect(() =>
      parse?.({ rawBody: notJson, headers: { "stripe-signature": signCardWebhook(SECRET, notJson, nowSeconds) }, now }),
    ).toThrow("not JSON");
    const noId = Buffer.from(JSON.stringify({ type: "payment_intent.succeeded" }));
    expect(() =>
      parse?.({ rawBody: noId, headers: { "stripe-signature": signCardWebhook(SECRET, noId, nowSeconds) }, now }),
    ).toThrow("no id");
  });
});
