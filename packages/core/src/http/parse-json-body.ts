import type { FastifyRequest } from "fastify";
import { AppError } from "../kernel/app-error.js";
import { findUnsafeInput } from "./unsafe-input.js";
import { digestBody, IDEMPOTENCY_KEY_HEADER } from "./idempotency/idempotency-key.js";

/**
 * The API's `application/json` body parser (registered with `parseAs: "string"`).
 *
 * - With an `Idempotency-Key` header, the text's SHA-256 is kept as `request.bodyDigest`.
 * - An empty body is no body: clients often send the JSON content type on a bodiless POST or DELETE.
 * - Text that is not JSON is a 400 BAD_REQUEST.
 * - Parsed JSON is held to {@link findUnsafeInput}: a NUL character, a prototype key or excessive nesting is
 *   a 422 VALIDATION_FAILED naming the field. Plain `JSON.parse` defines `__proto__` as an own property (it
 *   never sets the prototype), so such a key can be reported by name here instead of failing the parse as
 *   Fastify's secure parser does.
 */
export function parseJsonBody(
  request: FastifyRequest,
  body: string | Buffer,
  done: (error: Error | null, body?: unknown) => void,
): void {
  const text = typeof body === "string" ? body : body.toString();
  // The text as it arrived is what an idempotent retry is compared on; only then is it worth a hash.
  if (request.headers[IDEMPOTENCY_KEY_HEADER] !== undefined) request.bodyDigest = digestBody(text);
  if (text === "") {
    done(null, undefined);
    return;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    done(new AppError("BAD_REQUEST", { message: "The body is not valid JSON" }));
    return;
  }
  const issue = findUnsafeInput(value, "body");
  if (issue) {
    done(AppError.validation([issue]));
    return;
  }
  done(null, value);
}
