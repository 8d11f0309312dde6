import { createHmac, timingSafeEqual } from "node:crypto";

/** The header the test carrier signs its tracking webhooks in. */
export const TEST_CARRIER_SIGNATURE_HEADER = "x-test-carrier-signature";

/** Seconds a signed delivery stays acceptable, either side of the receiver's clock. */
const TOLERANCE_SECONDS = 300;

const hmac = (secret: string, timestamp: number, rawBody: Buffer): Buffer =>
  createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest();

/** The header value the carrier sends: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signTestCarrierWebhook(secret: string, rawBody: Buffer, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, rawBody).toString("hex")}`;
}

/**
 * Throws unless the header signs `rawBody` with `secret` within 300 s of `now` (a captured delivery
 * replayed later is refused even with its signature; one replayed at once is left to the event ids).
 * The comparison is constant-time.
 */
export function verifyTestCarrierSignature(input: {
  header: string | undefined;
  rawBody: Buffer;
  secret: string;
  now: Date;
}): void {
  if (!input.header) throw new Error(`Missing ${TEST_CARRIER_SIGNATURE_HEADER} header`);
  const parts = new Map(
    input.header.split(",").map((part) => {
      const separator = part.indexOf("=");
      return [part.slice(0, separator).trim(), part.slice(separator + 1).trim()] as const;
    }),
  );
  const timestamp = parts.get("t");
  const signature = parts.get("v1");
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature || !/^[0-9a-f]{64}$/i.test(signature))
    throw new Error("Malformed signature header");
  if (Math.abs(input.now.getTime() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS)
    throw new Error("Signature timestamp outside the tolerance");
  if (!timingSafeEqual(Buffer.from(signature, "hex"), hmac(input.secret, Number(timestamp), input.rawBody)))
    throw new Error("No signature matches");
}
