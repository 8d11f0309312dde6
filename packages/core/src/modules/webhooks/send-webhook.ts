import type { OutboundClient } from "../../http/outbound/outbound-client.js";
import { isOutboundError } from "../../http/outbound/outbound-error.js";

export interface SendWebhookInput {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  outbound: OutboundClient;
}

export interface SendWebhookResult {
  status: number | null;
  durationMs: number;
  /** Null on a 2xx answer. Never the receiver's answer body: it is shown to the store's staff. */
  error: string | null;
}

/**
 * POSTs one delivery through the outbound client, which never follows redirects (a redirect could point
 * anywhere, including inside the network); any non-2xx answer, timeout or refused target is a failure to
 * retry. The receiver's answer body is not read past 64 KiB: nothing of it is kept.
 */
export async function sendWebhook(input: SendWebhookInput): Promise<SendWebhookResult> {
  const started = performance.now();
  const result = (status: number | null, error: string | null): SendWebhookResult => ({
    status,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const answer = await input.outbound.request(input.url, {
      method: "POST",
      headers: { ...input.headers, "content-type": "application/json" },
      body: input.body,
      timeoutMs: input.timeoutMs,
      maxResponseBytes: 65_536,
    });
    return result(answer.status, answer.ok ? null : `Endpoint answered ${answer.status}`);
  } catch (error) {
    if (!isOutboundError(error)) throw error;
    return result(
      null,
      error.code === "OUTBOUND_TARGET_REFUSED" ? `Refused webhook target: ${error.detail}` : error.message,
    );
  }
}
