import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { signTestCarrierWebhook, TEST_CARRIER_SIGNATURE_HEADER } from "./test-carrier-signature.js";

/** One shipment the carrier made (one per idempotency key). */
export interface TestCarrierShipment {
  idempotencyKey: string;
  trackingNumber: string;
  reference: string;
  isCancelled: boolean;
}

/** The test carrier on loopback, and the knobs a test turns. */
export interface TestCarrierServer {
  /** `http://127.0.0.1:<port>`: the adapter's `apiBaseUrl`. */
  url: string;
  apiKey: string;
  webhookSecret: string;
  /** Every call received, in order (path and idempotency key). */
  calls: { path: string; idempotencyKey: string | null }[];
  /** Shipments made, by idempotency key: a retried call with the same key answers the same shipment. */
  shipments: Map<string, TestCarrierShipment>;
  /** How rates are answered: a price per gram, a delay before answering, `served: false`, or a 503. */
  rates: { centsPerGram: number; delayMs: number; isServed: boolean; isDown: boolean };
  /**
   * Shipment calls to fail with a 503 before answering again. `afterCreating` makes the shipment first
   * and then fails (the answer lost on the way back), as a carrier timing out after doing the work does.
   */
  outage: { remaining: number; isAfterCreating: boolean };
  /** A tracking webhook as the carrier would deliver it: the raw body and its signature header. */
  signTracking(
    events: readonly Record<string, unknown>[],
    options?: { secret?: string; timestamp?: number },
  ): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage): Promise<Record<string, unknown>> =>
  new Promise((resolve) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    request.on("end", () => resolve(text === "" ? {} : (JSON.parse(text) as Record<string, unknown>)));
  });

const send = (response: ServerResponse, status: number, body: unknown): void => {
  response.statusCode = status;
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify(body));
};

/**
 * Starts the test carrier on 127.0.0.1 (a free port): `POST /v1/rates`, `POST /v1/shipments`
 * (idempotent by `Idempotency-Key`), `POST /v1/shipments/:trackingNumber/cancel`, bearer-authenticated;
 * and signs tracking webhooks with its secret. What `testCarrierAdapter` speaks.
 */
export async function startTestCarrierServer(
  options: { apiKey?: string; webhookSecret?: string } = {},
): Promise<TestCarrierServer> {
  const apiKey = options.apiKey ?? "tc_test_key";
  const webhookSecret = options.webhookSecret ?? "tc_whsec";
  const calls: TestCarrierServer["calls"] = [];
  const shipments = new Map<string, TestCarrierShipment>();
  const rates = { centsPerGram: 1, delayMs: 0, isServed: true, isDown: false };
  const outage = { remaining: 0, isAfterCreating: false };
  let sequence = 0;

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const path = request.url ?? "";
    const key = request.headers["idempotency-key"];
    const idempotencyKey = typeof key === "string" ? key : null;
    calls.push({ path, idempotencyKey });
    if (request.method !== "POST") return send(response, 405, { error: "method" });
    if (request.headers.authorization !== `Bearer ${apiKey}`) return send(response, 401, { error: "unauthorized" });
    if (path === "/v1/rates") {
      if (rates.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, rates.delayMs));
      if (rates.isDown) return send(response, 503, { error: "rates unavailable" });
      if (!rates.isServed) return send(response, 200, { served: false });
      return send(response, 200, { served: true, amount: Number(body.weightGrams) * rates.centsPerGram });
    }
    if (path === "/v1/shipments") {
      if (!idempotencyKey) return send(response, 400, { error: "Idempotency-Key required" });
      if (outage.remaining > 0 && !outage.isAfterCreating) {
        outage.remaining -= 1;
        return send(response, 503, { error: "down" });
      }
      let shipment = shipments.get(idempotencyKey);
      if (!shipment) {
        sequence += 1;
        shipment = {
          idempotencyKey,
          trackingNumber: `TC${String(sequence).padStart(8, "0")}`,
          reference: String(body.reference),
          isCancelled: false,
        };
        shipments.set(idempotencyKey, shipment);
      }
      if (outage.remaining > 0) {
        outage.remaining -= 1;
        return send(response, 503, { error: "timed out after creating" });
      }
      return send(response, 201, {
        trackingNumber: shipment.trackingNumber,
        trackingUrl: `${url}/track/${shipment.trackingNumber}`,
        labelUrl: `${url}/labels/${shipment.trackingNumber}.pdf`,
      });
    }
    const cancel = /^\/v1\/shipments\/([^/]+)\/cancel$/.exec(path);
    const cancelled = cancel
      ? [...shipments.values()].find((shipment) => shipment.trackingNumber === decodeURIComponent(cancel[1] ?? ""))
      : undefined;
    if (cancelled) {
      cancelled.isCancelled = true;
      return send(response, 200, { trackingNumber: cancelled.trackingNumber, status: "cancelled" });
    }
    return send(response, 404, { error: "not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    apiKey,
    webhookSecret,
    calls,
    shipments,
    rates,
    outage,
    signTracking(events, signing = {}) {
      const payload = JSON.stringify({ events });
      const timestamp = signing.timestamp ?? Math.floor(Date.now() / 1000);
      const signature = signTestCarrierWebhook(signing.secret ?? webhookSecret, Buffer.from(payload), timestamp);
      return { payload, headers: { "content-type": "application/json", [TEST_CARRIER_SIGNATURE_HEADER]: signature } };
    },
    close: () =>
      new Promise<void>((resolve) => {
        // A slow rate still waiting on its delay holds its socket: close it rather than wait.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
