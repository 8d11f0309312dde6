import { AppError, defineErrors, type ErrorAnswerFormat, type ErrorCodesOf } from "@unified-commerce/plugin-sdk";

/** The plugin's error codes; on the wire each becomes the spec's flat error (see {@link acpErrorAnswer}). */
export const acpErrorCodes = defineErrors({
  ACP_API_VERSION_UNSUPPORTED: {
    status: 400,
    message: "The API-Version header is missing or names a version this server does not support",
  },
  ACP_IDEMPOTENCY_KEY_REQUIRED: { status: 400, message: "Idempotency-Key header is required" },
  ACP_IDEMPOTENCY_KEY_INVALID: { status: 400, message: "Idempotency-Key must be 1 to 255 printable ASCII characters" },
  ACP_SESSION_NOT_CANCELABLE: { status: 405, message: "The checkout session is already completed or canceled" },
  ACP_SESSION_CLOSED: {
    status: 409,
    message: "The checkout session is completed or canceled and takes no more changes",
  },
  ACP_INVALID_FIELD: { status: 400, message: "A field of the request cannot be used" },
});

declare module "@unified-commerce/plugin-sdk" {
  interface ErrorCodes extends ErrorCodesOf<typeof acpErrorCodes> {}
}

/** The spec's error `type`: what kind of failure, whatever its code. */
type AcpErrorType = "invalid_request" | "processing_error" | "service_unavailable";

/** Core and plugin codes as the spec (or its examples) name them; others are their own code in lower case. */
const CODES: Readonly<Record<string, string>> = {
  ACP_API_VERSION_UNSUPPORTED: "unsupported_api_version",
  ACP_IDEMPOTENCY_KEY_REQUIRED: "idempotency_key_required",
  ACP_IDEMPOTENCY_KEY_INVALID: "invalid_idempotency_key",
  IDEMPOTENCY_KEY_REUSED: "idempotency_conflict",
  ACP_SESSION_NOT_CANCELABLE: "not_cancelable",
  ACP_SESSION_CLOSED: "session_closed",
  ACP_INVALID_FIELD: "invalid",
  VALIDATION_FAILED: "invalid",
  NOT_FOUND: "not_found",
  UNAUTHORIZED: "unauthorized",
  FORBIDDEN: "forbidden",
  RATE_LIMITED: "rate_limited",
  INTERNAL_ERROR: "processing_error",
};

/** `body.line_items.0.id` → `$.line_items[0].id` (RFC 9535 JSONPath of the request body). */
export function jsonPathOf(path: string): string | undefined {
  if (!path.startsWith("body")) return undefined;
  const segments = path.split(".").slice(1);
  return `$${segments.map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`)).join("")}`;
}

/**
 * Every refusal of an Agentic Checkout route in the spec's flat shape `{ type, code, message, param }`.
 * A 409 for a request whose Idempotency-Key is held by a request still running is the spec's
 * `idempotency_in_flight` with `Retry-After`; the idempotency layer answers it before any claim, so the
 * request holds none.
 */
export const acpErrorAnswer: ErrorAnswerFormat = (error, request) => {
  const isInFlight =
    error.status === 409 &&
    error.code === "CONFLICT" &&
    request.headers["idempotency-key"] !== undefined &&
    request.idempotencyClaim === null;
  const type: AcpErrorType =
    error.status === 503 ? "service_unavailable" : error.status >= 500 ? "processing_error" : "invalid_request";
  const issue = error.issues?.[0];
  const param = issue ? jsonPathOf(issue.path) : undefined;
  const message = issue ? `${issue.path}: ${issue.message}` : error.message;
  return {
    status: error.status,
    headers: { "content-type": "application/json; charset=utf-8", ...(isInFlight ? { "retry-after": "1" } : {}) },
    body: {
      type,
      code: isInFlight ? "idempotency_in_flight" : (CODES[error.code] ?? error.code.toLowerCase()),
      message: isInFlight ? "A request with this Idempotency-Key is currently being processed" : message,
      ...(param ? { param } : {}),
    },
  };
};

/** A 404 for a session that does not exist in the caller's organization (another store's included). */
export const sessionNotFound = (): AppError => new AppError("NOT_FOUND", { message: "Checkout session not found" });
