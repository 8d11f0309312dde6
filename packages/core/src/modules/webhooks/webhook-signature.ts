import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A new signing secret in the Standard Webhooks format: `whsec_` + base64 of 24 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
}

/**
 * The `webhook-signature` header value: `v1,` + base64 HMAC-SHA256 over `id.timestamp.body`, keyed with
 * the secret's bytes, exactly as Standard Webhooks verifiers expect.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac("sha256", secretBytes(secret)).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/** What a receiver does; used by the tests and handy for consumers written in TypeScript. */
export function verifyWebhook(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  toleranceSeconds = 300,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, headers.id, timestamp, body).slice(3), "base64");
  return headers.signature.split(" ").some((candidate) => {
    const [version, value] = candidate.split(",");
    if (version !== "v1" || !value) return false;
    const given = Buffer.from(value, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
