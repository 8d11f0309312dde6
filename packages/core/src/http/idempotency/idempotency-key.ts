import { createHash } from "node:crypto";
import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";

/** The request header naming an idempotency key (Stripe's name; header names are case-insensitive). */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";

/** The answer header telling a client it received a stored answer, not a new run (Stripe's name). */
export const IDEMPOTENT_REPLAYED_HEADER = "idempotent-replayed";

/** The longest key accepted, in characters (Stripe's limit). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

const KEY_PATTERN = new RegExp(`^[\\x20-\\x7e]{1,${MAX_IDEMPOTENCY_KEY_LENGTH}}$`);

/**
 * The key of a request, or a 422 naming the header: 1 to 255 printable ASCII characters. HTTP trims the
 * spaces around a header value, so a key never starts or ends with one. A header sent twice arrives joined
 * (`a, b`) or as a list, and is refused either way only if it breaks the rule: clients send it once.
 */
export function readIdempotencyKey(value: string | readonly string[]): string {
  if (typeof value === "string" && KEY_PATTERN.test(value)) return value;
  throw AppError.validation([
    {
      path: `headers.${IDEMPOTENCY_KEY_HEADER}`,
      message: `must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters (a UUID v4 is a good key)`,
    },
  ]);
}

/**
 * Whose key it is, inside its organization: the actor (`user:<id>`, `apiKey:<id>`, `system:<id>`), or
 * `anonymous` for every caller without credentials. Anonymous callers of one organization therefore share
 * one key space: a key is only as private as it is unguessable (see the core README).
 */
export function credentialOf(actor: Actor | null): string {
  return actor ? `${actor.type}:${actor.id}` : "anonymous";
}

/** SHA-256 (hex) of a request body: the JSON text as read, or the bytes of a raw-body route. */
export function digestBody(body: string | Buffer): string {
  return createHash("sha256").update(body).digest("hex");
}

const EMPTY_BODY_DIGEST = digestBody("");

/**
 * What makes two requests "the same request" for a key: method, URL (path and query string) and the
 * SHA-256 of the raw body bytes. Bytes, not the parsed value: a client retries by sending the same bytes
 * again, and comparing bytes never calls two different requests equal. Keyed (`mac`), because a plain
 * hash of a sign-in body would let whoever reads the table test password guesses offline.
 */
export function requestFingerprint(
  mac: (data: string) => string,
  method: string,
  url: string,
  bodyDigest: string | null,
): string {
  return mac(`${method} ${url}\n${bodyDigest ?? EMPTY_BODY_DIGEST}`);
}
