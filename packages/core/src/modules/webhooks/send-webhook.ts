import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { reachableAddresses, safeLookup, type HostResolver, type TargetPolicy } from "./safe-lookup.js";

export interface SendWebhookInput {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  policy: TargetPolicy;
  resolve: HostResolver;
}

export interface SendWebhookResult {
  status: number | null;
  durationMs: number;
  /** Null on a 2xx answer. */
  error: string | null;
}

/**
 * POSTs one delivery. Never follows redirects (a redirect could point anywhere, including inside the
 * network); any non-2xx answer, timeout or refused target is a failure to retry.
 */
export async function sendWebhook(input: SendWebhookInput): Promise<SendWebhookResult> {
  const started = performance.now();
  const url = new URL(input.url);
  const result = (status: number | null, error: string | null): SendWebhookResult => ({
    status,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  // A literal IP skips the lookup, so the lookup guard would never see it: check it here.
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) {
    try {
      await reachableAddresses(host, input.policy, input.resolve);
    } catch (error) {
      return result(null, (error as Error).message);
    }
  }
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const outgoing = request(
      url,
      {
        method: "POST",
        headers: { ...input.headers, "content-type": "application/json", "content-length": Buffer.byteLength(input.body) },
        lookup: safeLookup(input.policy, input.resolve),
        timeout: input.timeoutMs,
      },
      (response) => {
        response.resume();
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          resolve(result(status, status >= 200 && status < 300 ? null : `Endpoint answered ${status}`));
        });
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`Timed out after ${input.timeoutMs} ms`)));
    outgoing.on("error", (error) => resolve(result(null, error.message)));
    outgoing.end(input.body);
  });
}
