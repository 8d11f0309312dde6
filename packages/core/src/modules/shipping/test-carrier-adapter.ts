import type { OutboundResponse } from "../../http/outbound/outbound-client.js";
import type { FulfillmentProvider, TrackingEvent, TrackingStatus } from "./shipping-fulfillment-provider.js";
import type { ShippingCallContext, ShippingRateProvider } from "./shipping-rate-provider.js";
import { TEST_CARRIER_SIGNATURE_HEADER, verifyTestCarrierSignature } from "./test-carrier-signature.js";

export interface TestCarrierAdapterOptions {
  /** The carrier's API, e.g. the test carrier server's `url`. */
  apiBaseUrl: string;
  /** Sent as `authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** The secret the carrier signs tracking webhooks with. */
  webhookSecret: string;
  /** Provider id, for `rateProviderId` and `fulfillmentProviderId`. @default "test-carrier" */
  id?: string;
  /** Per-call timeout of the outbound client, in milliseconds. @default 10000 */
  timeoutMs?: number;
  /** The receiver's clock, for the signature's tolerance (tests). @default () => new Date() */
  now?: () => Date;
}

const STATUSES: ReadonlySet<TrackingStatus> = new Set([
  "in_transit",
  "out_for_delivery",
  "delivered",
  "exception",
  "returned",
]);

type Json = Record<string, unknown>;

/** The test carrier is both: it prices parcels and ships them. Register it in both lists. */
export type TestCarrierAdapter = ShippingRateProvider & FulfillmentProvider;

/**
 * A carrier over HTTP, as a real carrier adapter is written: JSON calls through the kernel's guarded
 * outbound client (`context.outbound`, never `fetch`), the shipment's id as `Idempotency-Key`, tracking
 * webhooks signed `t=<unix>,v1=<hex HMAC>`. It speaks the API of the test carrier server
 * (`startTestCarrierServer` in the module's testing entry), so tests and a local store exercise the
 * network path end to end; a plugin for a real carrier follows the same shape.
 */
export function testCarrierAdapter(options: TestCarrierAdapterOptions): TestCarrierAdapter {
  const baseUrl = options.apiBaseUrl.replace(/\/$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? (() => new Date());

  const call = async (
    context: ShippingCallContext,
    path: string,
    body: Json,
    headers: Record<string, string> = {},
  ): Promise<Json> => {
    const response: OutboundResponse = await context.outbound.request(`${baseUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
      timeoutMs,
    });
    let answer: unknown = null;
    try {
      answer = response.json();
    } catch {
      // A proxy's HTML error page: reported by status below.
    }
    if (!response.ok || answer === null || typeof answer !== "object")
      throw new Error(`Test carrier answered ${response.status} to POST ${path}`);
    return answer as Json;
  };

  return {
    id: options.id ?? "test-carrier",
    async quote(request, context) {
      // The outbound client has no AbortSignal: the race lets the quote give up when the module's timeout aborts.
      const aborted = new Promise<never>((_, reject) => {
        if (request.signal.aborted) reject(new Error("aborted"));
        request.signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
      });
      const answer = await Promise.race([
        call(context, "/v1/rates", {
          currency: request.currency,
          address: request.address,
          weightGrams: request.parcel.weightGrams,
          itemCount: request.parcel.itemCount,
          subtotal: request.parcel.subtotal,
        }),
        aborted,
      ]);
      if (answer.served === false) return null;
      if (typeof answer.amount !== "number") throw new Error("Test carrier answered a rate without an amount");
      return { amount: answer.amount };
    },
    async createShipment(input, context) {
      const shipment = await call(
        context,
        "/v1/shipments",
        {
          reference: input.shipmentId,
          orderNumber: input.orderNumber,
          address: input.address,
          lines: input.lines,
        },
        { "idempotency-key": input.shipmentId },
      );
      if (typeof shipment.trackingNumber !== "string" || shipment.trackingNumber === "")
        throw new Error("Test carrier answered a shipment without a tracking number");
      return {
        trackingNumber: shipment.trackingNumber,
        trackingUrl: typeof shipment.trackingUrl === "string" ? shipment.trackingUrl : null,
        labelUrl: typeof shipment.labelUrl === "string" ? shipment.labelUrl : null,
      };
    },
    async cancelShipment(input, context) {
      await call(
        context,
        `/v1/shipments/${encodeURIComponent(input.trackingNumber)}/cancel`,
        {},
        { "idempotency-key": `cancel-${input.shipmentId}` },
      );
    },
    async parseTrackingWebhook({ rawBody, headers }) {
      const header = headers[TEST_CARRIER_SIGNATURE_HEADER];
      verifyTestCarrierSignature({
        header: Array.isArray(header) ? header.join(",") : header,
        rawBody,
        secret: options.webhookSecret,
        now: now(),
      });
      const payload = JSON.parse(rawBody.toString("utf8")) as { events?: unknown };
      if (!Array.isArray(payload.events)) throw new Error("The signed body has no events");
      return payload.events.map((raw: Json): TrackingEvent => {
        const status = raw.status as TrackingStatus;
        if (
          typeof raw.id !== "string" ||
          typeof raw.trackingNumber !== "string" ||
          !STATUSES.has(status) ||
          typeof raw.occurredAt !== "string" ||
          Number.isNaN(Date.parse(raw.occurredAt))
        )
          throw new Error("An event lacks its id, tracking number, status or time");
        return {
          eventId: raw.id,
          trackingNumber: raw.trackingNumber,
          status,
          occurredAt: raw.occurredAt,
          description: typeof raw.description === "string" ? raw.description : null,
        };
      });
    },
  };
}
