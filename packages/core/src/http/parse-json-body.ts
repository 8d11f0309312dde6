import type { FastifyRequest } from "fastify";
import { AppError } from "../kernel/app-error.js";
import { findUnsafeInput } from "./unsafe-input.js";

/**
 * The API's `application/json` body parser (registered with `parseAs: "string"`).
 *
 * - An empty body is no body: clients often send the JSON content type on a bodiless POST or DELETE.
 * - Text that is not JSON is a 400 BAD_REQUEST.
 * - Parsed JSON is held to {@link findUnsafeInput}: a NUL character, a prototype key or excessive nesting is
 *   a 422 VALIDATION_FAILED naming the field. Plain `JSON.parse` defines `__proto__` as an own property (it
 *   never sets the prototype), so such a key can be reported by name here instead of failing the parse as
 *   Fastify's secure parser does.
 */
export function parseJsonBody(_request: FastifyRequest, body: string | Buffer, done: (error: Error | null, body?: unknown) => void): void {
  const text = typeof body === "string" ? body : body.toString();
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
