// TEMPORARY: stands in for @unified-commerce/client until it lands on main; same names, same shapes.
// Replace every import of this file by "@unified-commerce/client" and delete it.

/** One entry of an error's `details` (validation issues name the field in `path`). */
export interface ApiErrorDetail {
  path?: string | (string | number)[];
  message?: string;
  [key: string]: unknown;
}

/** An error answer of the API: `{ error: { code, message, details, requestId } }` plus the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly requestId: string | undefined;
  constructor(init: { status: number; code: string; message: string; details?: unknown; requestId?: string }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

interface RequestOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  idempotencyKey?: string;
}

interface Envelope<T> {
  data: T;
  meta?: Record<string, unknown>;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export function createClient(options: { baseUrl: string; credentials?: RequestCredentials }) {
  async function request<T>(method: Method, path: string, init: RequestOptions = {}): Promise<Envelope<T>> {
    let url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(init.params?.[name] ?? "")));
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(init.query ?? {}))
      if (value !== undefined && value !== null) search.set(key, String(value));
    if ([...search].length > 0) url += `?${search}`;
    const headers: Record<string, string> = { accept: "application/json" };
    if (init.body !== undefined) headers["content-type"] = "application/json";
    if (init.idempotencyKey) headers["idempotency-key"] = init.idempotencyKey;
    const response = await fetch(`${options.baseUrl}${url}`, {
      method,
      headers,
      credentials: options.credentials ?? "same-origin",
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    const text = await response.text();
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (!response.ok) {
      const error = (json.error ?? {}) as { code?: string; message?: string; details?: unknown; requestId?: string };
      throw new ApiError({
        status: response.status,
        code: error.code ?? "HTTP_ERROR",
        message: error.message ?? response.statusText,
        details: error.details,
        requestId: error.requestId ?? response.headers.get("x-request-id") ?? undefined,
      });
    }
    return json as unknown as Envelope<T>;
  }
  return {
    get: <T = unknown>(path: string, init?: RequestOptions) => request<T>("GET", path, init),
    post: <T = unknown>(path: string, init?: RequestOptions) => request<T>("POST", path, init),
    put: <T = unknown>(path: string, init?: RequestOptions) => request<T>("PUT", path, init),
    patch: <T = unknown>(path: string, init?: RequestOptions) => request<T>("PATCH", path, init),
    delete: <T = unknown>(path: string, init?: RequestOptions) => request<T>("DELETE", path, init),
  };
}
