/**
 * The catalog of error codes the API answers with. Every coded failure in the kernel, a core module or a
 * plugin maps to one of these; the HTTP layer turns it into `{ error: { code, message } }` with the status.
 */
export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, message: "Malformed request" },
  NOT_FOUND: { status: 404, message: "Resource not found" },
  VALIDATION_FAILED: { status: 422, message: "Input validation failed" },
  CHECKOUT_FAILED: { status: 422, message: "Checkout failed" },
  UNAUTHORIZED: { status: 401, message: "Authentication required" },
  FORBIDDEN: { status: 403, message: "Insufficient permission" },
  TWO_FACTOR_REQUIRED: { status: 403, message: "Two-factor authentication must be enabled for this role" },
  CONFLICT: { status: 409, message: "Conflicting state" },
  METHOD_NOT_ALLOWED: { status: 405, message: "Method not allowed" },
  PAYLOAD_TOO_LARGE: { status: 413, message: "Request body is larger than the limit" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Unsupported content type" },
  TOO_MANY_REQUESTS: { status: 429, message: "Rate limit exceeded" },
  INTERNAL_ERROR: { status: 500, message: "Internal server error" },
  SERVICE_UNAVAILABLE: { status: 503, message: "Service unavailable" },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
