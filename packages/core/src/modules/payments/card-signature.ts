import { createHmac, timingSafeEqual } from "node:crypto";
import { PaymentWebhookRejected } from "./payment-adapter.js";

/** Seconds a signed delivery stays acceptable, either side of the receiver's clock. */
export const CARD_SIGNATURE_TOLERANCE_SECONDS = 300;

/** Stripe's header and scheme, so a Stripe-compatible gateway (or Stripe itself) can be pointed at us. */
export const CARD_SIGNATURE_HEADER = "stripe-signature";

const hmac = (secret: string, timestamp: number, rawBody: Buffer): Buffer =>
  createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest();

/** The header value a sender computes: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signCardWebhook(secret: string, rawBody: Buffer, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody).toString("hex")}`;
}

/**
 * Checks a `t=...,v1=...` header against every configured secret. During a secret rotation the sender
 * signs with old and new secrets (several `v1` values) and the receiver holds both: any match of any
 * secret passes. Comparisons are constant-time; a timestamp more than the tolerance away from `now`,
 * in either direction, is refused (a replayed capture of an old delivery).
 */
export function verifyCardSignature(input: {
  header: string | undefined;
  rawBody: Buffer;
  secrets: readonly string[];
  now: Date;
  toleranceSeconds?: number;
}): void {
  const { header, rawBody, secrets, now, toleranceSeconds = CARD_SIGNATURE_TOLERANCE_SECONDS } = input;
  if (!header) throw new PaymentWebhookRejected(`Missing ${CARD_SIGNATURE_HEADER} header`);
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(",")) {
    const separator = part.indexOf("=");
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    // Signatures of other schemes (v0) are ignored, as the sender's own libraries do.
    if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, "hex"));
  }
  if (timestamp === null || signatures.length === 0) throw new PaymentWebhookRejected("Malformed signature header");
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds)
    throw new PaymentWebhookRejected("Signature timestamp outside the tolerance");
  const expected = secrets.map((secret) => hmac(secret, timestamp, rawBody));
  // Every pair is compared, so the time taken does not tell which secret or signature came closest.
  let isMatch = false;
  for (const signature of signatures) {
    for (const candidate of expected) {
      if (timingSafeEqual(signature, candidate)) isMatch = true;
    }
  }
  if (!isMatch) throw new PaymentWebhookRejected("No signature matches");
}
