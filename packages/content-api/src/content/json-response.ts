import { createHash } from "node:crypto";

/** A response body serialized once, with its strong validator. */
export interface JsonResponse {
  /** Encoded once: sending bytes spares a UTF-8 encoding of the same text on every request. */
  body: Buffer;
  etag: string;
}

/** Serializes a value and derives its `ETag` from the bytes, so equal bodies always share a tag. */
export function jsonResponse(value: unknown): JsonResponse {
  return textResponse(JSON.stringify(value));
}

/** A text body (page, feed) with its tag. */
export function textResponse(text: string): JsonResponse {
  const body = Buffer.from(text, "utf8");
  return { body, etag: etagOf(body) };
}

/** A strong entity tag for a body. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}
