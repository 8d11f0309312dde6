import createFetchClient from "openapi-fetch";
import { type ApiError, errorFromResponse, networkError } from "./api-error.js";
import type { paths } from "./generated/openapi.js";
import { newIdempotencyKey } from "./idempotency-key.js";
import type { ApiResult, HttpMethod, InitArgs, Operation, PathsWith } from "./operation-types.js";
import { listPages, type PageOf } from "./list-pages.js";
import { DEFAULT_RETRY, RETRYABLE_STATUSES, retryAfterMs, sleep, type RetryOptions } from "./retry-after.js";

/** How a client talks to one server; every field can be changed for a copy with `client.with(...)`. */
export interface ClientOptions {
  /** The server's origin (`https://api.shop.example`); `""` (the default) is the page's own origin in a browser. */
  baseUrl?: string;
  /** An API key (`x-api-key`), for servers and automation; never ship one to a browser. */
  apiKey?: string;
  /** A session token (`Authorization: Bearer`), from a sign-in answer's `token`. */
  bearerToken?: string;
  /** A guest cart's token (`x-cart-token`), answered once when the cart is created. */
  cartToken?: string;
  /** `"include"` sends the session cookie to another origin (the API must trust that origin); default `"same-origin"`. */
  credentials?: "include" | "same-origin" | "omit";
  /** Headers sent with every request (`accept-language`, say). */
  headers?: Record<string, string>;
  /** Give every POST an `Idempotency-Key` of its own (a call's `idempotencyKey` still wins). Default false. */
  idempotentPosts?: boolean;
  /** Follow `Retry-After` on 429 and 503: `true` for 3 attempts waiting at most 10 s each. Default false. */
  retry?: RetryOptions | boolean;
  /** Called before a 401 is thrown: a browser app sends the user to its sign-in page here. */
  onUnauthorized?: (error: ApiError) => void;
  /** The `fetch` to use (a test's, or one with a proxy agent); default `globalThis.fetch`. */
  fetch?: (request: Request) => Promise<Response>;
}

type Caller<M extends HttpMethod> = <P extends PathsWith<M>>(
  path: P,
  ...init: InitArgs<Operation<P, M>>
) => Promise<ApiResult<Operation<P, M>>>;

export interface CommerceClient {
  get: Caller<"get">;
  post: Caller<"post">;
  put: Caller<"put">;
  patch: Caller<"patch">;
  delete: Caller<"delete">;
  /**
   * The raw `Response` of a call whose answer is not JSON (an invoice PDF, a CSV export); a failure still
   * throws `ApiError`.
   */
  raw<M extends HttpMethod, P extends PathsWith<M>>(
    method: M,
    path: P,
    ...init: InitArgs<Operation<P, M>>
  ): Promise<Response>;
  /**
   * Every page of a list, one request at a time: by `cursor` when the answer has a `nextCursor`, else by
   * `page` up to `totalPages`. Stop early with `break`.
   */
  pages<P extends PathsWith<"get">>(path: P, ...init: InitArgs<Operation<P, "get">>): AsyncGenerator<PageOf<P>>;
  /** A client like this one with some options changed: `client.with({ cartToken })`. */
  with(changes: ClientOptions): CommerceClient;
}

interface AnyInit {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  idempotencyKey?: string | true;
  retry?: RetryOptions | boolean;
}

function credentialHeaders(options: ClientOptions): Record<string, string> {
  return {
    ...(options.apiKey ? { "x-api-key": options.apiKey } : {}),
    ...(options.bearerToken ? { authorization: `Bearer ${options.bearerToken}` } : {}),
    ...(options.cartToken ? { "x-cart-token": options.cartToken } : {}),
  };
}

function retryPolicy(setting: RetryOptions | boolean | undefined): Required<RetryOptions> | null {
  if (setting === undefined || setting === false) return null;
  return setting === true ? DEFAULT_RETRY : { ...DEFAULT_RETRY, ...setting };
}

/**
 * A 429 was refused before any work, so any request may be sent again. A 503 may come from a proxy after
 * the server did the work: only requests that are safe to repeat (not POST, or POST with an
 * Idempotency-Key the server deduplicates by) are.
 */
function maySendAgain(method: HttpMethod, status: number, idempotencyKey: string | undefined): boolean {
  if (!RETRYABLE_STATUSES.has(status)) return false;
  return status === 429 || method !== "post" || idempotencyKey !== undefined;
}

/**
 * The typed client of the Unified Commerce REST API. Paths, parameters, bodies and answers are typed from
 * the server's OpenAPI document; calls answer the envelope's `data` and `meta` and throw `ApiError`.
 *
 * ```ts
 * const api = createClient({ baseUrl: "https://api.shop.example", apiKey: process.env.UC_API_KEY });
 * const { data: products, meta } = await api.get("/api/catalog/entities", { query: { limit: 20 } });
 * ```
 */
export function createClient(options: ClientOptions = {}): CommerceClient {
  const fetchClient = createFetchClient<paths>({
    baseUrl: options.baseUrl ?? "",
    credentials: options.credentials ?? "same-origin",
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function send(method: HttpMethod, path: string, init: AnyInit, parseAs: "json" | "stream") {
    const headers: Record<string, string> = { ...credentialHeaders(options), ...options.headers, ...init.headers };
    const idempotencyKey =
      init.idempotencyKey === true
        ? newIdempotencyKey()
        : (init.idempotencyKey ?? (options.idempotentPosts && method === "post" ? newIdempotencyKey() : undefined));
    if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;
    const retry = retryPolicy(init.retry ?? options.retry);
    for (let attempt = 1; ; attempt++) {
      let result: { data?: unknown; error?: unknown; response: Response };
      try {
        // The typed surface is ours (operation-types.ts); openapi-fetch serializes the path, query and body.
        result = await fetchClient.request(
          method,
          path as never,
          {
            params: { path: init.params, query: init.query },
            body: init.body,
            headers,
            parseAs,
            ...(init.signal ? { signal: init.signal } : {}),
          } as never,
        );
      } catch (cause) {
        if (init.signal?.aborted) throw cause;
        throw networkError(cause);
      }
      const { response } = result;
      if (response.ok) return result;
      const wait = retryAfterMs(response.headers.get("retry-after"));
      if (retry && attempt < retry.attempts && wait <= retry.maxDelayMs) {
        if (maySendAgain(method, response.status, idempotencyKey)) {
          await sleep(wait, init.signal);
          continue;
        }
      }
      const error = errorFromResponse(response, result.error);
      if (error.status === 401) options.onUnauthorized?.(error);
      throw error;
    }
  }

  const caller =
    <M extends HttpMethod>(method: M): Caller<M> =>
    async (path, ...[init]) => {
      const { data, response } = await send(method, path, (init ?? {}) as AnyInit, "json");
      const envelope = (data ?? {}) as { data?: unknown; meta?: unknown };
      return { data: envelope.data, meta: envelope.meta, response } as ApiResult<never>;
    };

  const client: CommerceClient = {
    get: caller("get"),
    post: caller("post"),
    put: caller("put"),
    patch: caller("patch"),
    delete: caller("delete"),
    async raw(method, path, ...[init]) {
      const { response } = await send(method, path, (init ?? {}) as AnyInit, "stream");
      return response;
    },
    pages(path, ...[init]) {
      return listPages((query) => client.get(path, { ...init, query } as never), (init as AnyInit | undefined)?.query);
    },
    with(changes) {
      return createClient({ ...options, ...changes });
    },
  };
  return client;
}
