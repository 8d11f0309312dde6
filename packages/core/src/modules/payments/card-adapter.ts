import { createOutboundClient, type OutboundClient } from "../../http/outbound/outbound-client.js";
import { CARD_SIGNATURE_HEADER, verifyCardSignature } from "./card-signature.js";
import {
  PaymentWebhookRejected,
  type PaymentAdapter,
  type PaymentCallContext,
  type PaymentStatus,
  type PaymentWebhookAction,
} from "./payment-adapter.js";

export interface CardAdapterOptions {
  /** The gateway's secret API key (`sk_...`). */
  apiKey: string;
  /**
   * Webhook signing secrets (`whsec_...`). List the old and the new one while rotating: a delivery
   * signed with either passes.
   */
  webhookSecrets: readonly string[];
  /** A Stripe-compatible API. @default "https://api.stripe.com" */
  apiBaseUrl?: string;
  /** Provider id. @default "card" */
  id?: string;
  /** Per-call timeout in milliseconds. @default 10000 */
  timeoutMs?: number;
}

/**
 * For a call made outside the payments module (no context): the strictest policy, public addresses
 * only. Built on first use, once.
 */
let publicOnlyClient: OutboundClient | undefined;
const outboundOf = (context: PaymentCallContext | undefined): OutboundClient =>
  context?.outbound ?? (publicOnlyClient ??= createOutboundClient());

/** The gateway's intent statuses, as the store records them. */
const STATUS: Record<string, PaymentStatus> = {
  requires_payment_method: "requires_action",
  requires_confirmation: "requires_action",
  requires_action: "requires_action",
  processing: "pending",
  requires_capture: "authorized",
  succeeded: "succeeded",
  canceled: "cancelled",
};

const ACTION: Record<string, PaymentWebhookAction> = {
  "payment_intent.succeeded": "payment_succeeded",
  "payment_intent.payment_failed": "payment_failed",
  "charge.refunded": "refunded",
};

interface GatewayObject {
  id?: unknown;
  status?: unknown;
  client_secret?: unknown;
  payment_intent?: unknown;
  amount?: unknown;
  currency?: unknown;
  metadata?: Record<string, unknown>;
}

/**
 * Card payments through a Stripe-compatible gateway: intents, capture and refunds over its REST API
 * (form-encoded, `Idempotency-Key` on every call), and webhooks signed `t=<unix>,v1=<hex HMAC>`.
 * The order's id, number and organization ride in the intent's `metadata`, which the gateway echoes in
 * its events.
 */
export function cardAdapter(options: CardAdapterOptions): PaymentAdapter {
  if (options.webhookSecrets.length === 0) throw new Error("cardAdapter: webhookSecrets needs at least one secret");
  const baseUrl = (options.apiBaseUrl ?? "https://api.stripe.com").replace(/\/$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;

  const call = async (
    context: PaymentCallContext | undefined,
    path: string,
    form: Record<string, string>,
    idempotencyKey: string,
  ): Promise<GatewayObject> => {
    const response = await outboundOf(context).request(`${baseUrl}${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        "content-type": "application/x-www-form-urlencoded",
        "idempotency-key": idempotencyKey,
      },
      body: new URLSearchParams(form).toString(),
      timeoutMs,
    });
    const body = (() => {
      try {
        return response.json() as (GatewayObject & { error?: { message?: unknown } }) | null;
      } catch {
        return null;
      }
    })();
    if (!response.ok || body === null) {
      const detail = typeof body?.error?.message === "string" ? `: ${body.error.message}` : "";
      throw new Error(`Card gateway answered ${response.status} to POST ${path}${detail}`);
    }
    return body;
  };
  const idOf = (object: GatewayObject): string => {
    if (typeof object.id !== "string") throw new Error("Card gateway answered without an id");
    return object.id;
  };
  const statusOf = (object: GatewayObject): PaymentStatus => STATUS[String(object.status)] ?? "failed";

  return {
    id: options.id ?? "card",
    async createIntent(input, context) {
      const intent = await call(
        context,
        "/v1/payment_intents",
        {
          amount: String(input.amount),
          currency: input.currency.toLowerCase(),
          // Empty when the customer completes the payment on the gateway's form (client secret).
          ...(input.paymentMethodId === "" ? {} : { payment_method: input.paymentMethodId }),
          "metadata[orderId]": input.orderId,
          "metadata[orderNumber]": input.orderNumber,
          "metadata[organizationId]": input.organizationId,
        },
        input.idempotencyKey,
      );
      return {
        providerReference: idOf(intent),
        status: statusOf(intent),
        clientSecret: typeof intent.client_secret === "string" ? intent.client_secret : null,
      };
    },
    async capture(input, context) {
      const form: Record<string, string> =
        input.amount === undefined ? {} : { amount_to_capture: String(input.amount) };
      const intent = await call(
        context,
        `/v1/payment_intents/${encodeURIComponent(input.providerReference)}/capture`,
        form,
        input.idempotencyKey,
      );
      return { providerReference: idOf(intent), status: statusOf(intent) };
    },
    async refund(input, context) {
      const refund = await call(
        context,
        "/v1/refunds",
        { payment_intent: input.providerReference, amount: String(input.amount) },
        input.idempotencyKey,
      );
      return { providerReference: idOf(refund), status: refund.status === "failed" ? "failed" : "refunded" };
    },
    parseWebhook({ rawBody, headers, now }) {
      const header = headers[CARD_SIGNATURE_HEADER];
      verifyCardSignature({
        header: Array.isArray(header) ? header.join(",") : header,
        rawBody,
        secrets: options.webhookSecrets,
        now,
      });
      let event: { id?: unknown; type?: unknown; data?: { object?: GatewayObject } };
      try {
        event = JSON.parse(rawBody.toString("utf8")) as typeof event;
      } catch {
        throw new PaymentWebhookRejected("The signed body is not JSON");
      }
      if (typeof event.id !== "string" || event.id === "" || typeof event.type !== "string")
        throw new PaymentWebhookRejected("The event has no id or type");
      const object = event.data?.object ?? {};
      const orderId = object.metadata?.orderId;
      const reference = event.type.startsWith("charge.") ? object.payment_intent : object.id;
      return {
        eventId: event.id,
        type: event.type,
        action: ACTION[event.type] ?? "other",
        orderId: typeof orderId === "string" && orderId !== "" ? orderId : null,
        providerReference: typeof reference === "string" ? reference : null,
        amount: typeof object.amount === "number" && Number.isSafeInteger(object.amount) ? object.amount : null,
        currency: typeof object.currency === "string" ? object.currency : null,
        payload: event,
      };
    },
  };
}
