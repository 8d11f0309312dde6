import { createHmac, timingSafeEqual } from "node:crypto";
import type { Order, OutboundClient } from "@unified-commerce/plugin-sdk";
import { acpOrderOf, type ViewContext } from "./session-view.js";

/** A transport as the webhook needs it (the kernel's guarded client by default; tests pass their own). */
export type FetchLike = (
  url: string,
  init: { method: "POST"; headers: Record<string, string>; body: string },
) => Promise<{ status: number }>;

/** The agent platform's order webhook. */
export interface OrderWebhook {
  /** Where order events go (the platform's `.../agentic_checkout/webhooks/order_events`). */
  url: string;
  /** The shared HMAC secret the platform verifies `Merchant-Signature` with. */
  secret: string;
  /**
   * Replaces the kernel's guarded client (`services.outbound`) and with it the address policy and the
   * limits: for tests only.
   * @default the kernel's outbound client
   */
  fetch?: FetchLike | undefined;
}

/** The header the webhook spec signs with: `t=<unix seconds>,v1=<64 hex>`. */
export const SIGNATURE_HEADER = "merchant-signature";

/** HMAC-SHA256 (hex) of `<timestamp>.<raw body>` under the shared secret, as the webhook spec defines it. */
export function signOrderEvent(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/**
 * Checks a `Merchant-Signature` as the receiving platform does (for tests and for anyone verifying a
 * delivery): the format, the HMAC in constant time, and a timestamp within `toleranceSeconds` of now.
 */
export function verifyOrderEventSignature(input: {
  secret: string;
  header: string | undefined;
  body: string;
  toleranceSeconds?: number;
  now?: Date;
}): boolean {
  const match = /^t=(\d+),v1=([a-f0-9]{64})$/i.exec(input.header ?? "");
  if (!match) return false;
  const timestamp = Number(match[1]);
  const now = Math.floor((input.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - timestamp) > (input.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signOrderEvent(input.secret, timestamp, input.body).split("v1=")[1] as string, "hex");
  const given = Buffer.from(match[2] as string, "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Posts `{ type, data: Order }` (the full order as it stands now, never a delta), signed, through the
 * kernel's outbound client (address policy at connect time, no redirect followed, time and size limits).
 * Anything but a 2xx throws, so the job fails and the queue retries it with backoff.
 */
export async function deliverOrderEvent(
  context: Pick<ViewContext, "orderUrl"> & { outbound: OutboundClient },
  webhook: OrderWebhook,
  input: { type: "order_create" | "order_update"; sessionId: string; order: Order },
): Promise<{ status: number }> {
  const body = JSON.stringify({ type: input.type, data: acpOrderOf(context, input.sessionId, input.order) });
  const timestamp = Math.floor(Date.now() / 1000);
  const send: FetchLike = webhook.fetch ?? ((url, init) => context.outbound.request(url, init));
  const answer = await send(webhook.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [SIGNATURE_HEADER]: signOrderEvent(webhook.secret, timestamp, body),
      timestamp: new Date(timestamp * 1000).toISOString(),
    },
    body,
  });
  if (answer.status < 200 || answer.status >= 300) throw new Error(`The order webhook answered ${answer.status}`);
  return { status: answer.status };
}
