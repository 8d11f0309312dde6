/** One input problem of a 422 VALIDATION_FAILED: `path` names the request part and field (`body.slug`, `query.limit`). */
export interface ApiIssue {
  path: string;
  message: string;
}

/**
 * What every failed call throws: the server's error envelope (`{ error: { code, message, issues, details } }`) with
 * the HTTP status and the request id (the `x-request-id` header, which every answer carries), or, when no
 * answer came, status 0 and code `NETWORK_ERROR`.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: string;
  /** The input problems of a validation error; empty otherwise. */
  readonly issues: ApiIssue[];
  /** What else the server said: a module's `reason`, the missing permissions, the limits. */
  readonly details: Record<string, unknown> | undefined;
  readonly requestId: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    issues?: ApiIssue[] | undefined;
    details?: Record<string, unknown> | undefined;
    requestId?: string | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.issues = init.issues ?? [];
    this.details = init.details;
    this.requestId = init.requestId;
  }

  /**
   * The body's input problems by field, as a form names them: `{ "attributes.en.title": "Too long" }` (the
   * `body.` prefix dropped; the first message of a field wins).
   */
  get fieldErrors(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const issue of this.issues) {
      if (!issue.path.startsWith("body.")) continue;
      const field = issue.path.slice("body.".length);
      fields[field] ??= issue.message;
    }
    return fields;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

interface ErrorEnvelope {
  error: { code: string; message: string; issues?: ApiIssue[]; details?: Record<string, unknown>; requestId?: string };
}

function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  if (typeof body !== "object" || body === null || !("error" in body)) return false;
  const error = (body as { error: unknown }).error;
  return typeof error === "object" && error !== null && typeof (error as { code?: unknown }).code === "string";
}

/** The error a non-2xx answer means; an answer that is not our envelope (a proxy's page) keeps its status. */
export function errorFromResponse(response: Response, body: unknown): ApiError {
  const requestId = response.headers.get("x-request-id") ?? undefined;
  if (isErrorEnvelope(body)) {
    const { code, message, issues, details, requestId: bodyRequestId } = body.error;
    return new ApiError({
      status: response.status,
      code,
      message,
      issues: Array.isArray(issues) ? issues : undefined,
      details,
      requestId: requestId ?? bodyRequestId,
    });
  }
  return new ApiError({
    status: response.status,
    code: `HTTP_${response.status}`,
    message: response.statusText || `HTTP ${response.status}`,
    requestId,
  });
}

export function networkError(cause: unknown): ApiError {
  const error = new ApiError({
    status: 0,
    code: "NETWORK_ERROR",
    message: cause instanceof Error ? cause.message : "The request did not reach the server",
  });
  return Object.assign(error, { cause });
}
