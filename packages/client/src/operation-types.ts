import type { paths } from "./generated/openapi.js";

/** The methods the API uses, as openapi-typescript names them. */
export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** The operation object of a path and method (never when the path has no such method). */
export type Operation<P extends keyof paths, M extends HttpMethod> = NonNullable<paths[P][M]>;

/** The paths that answer a method: `PathsWith<"get">` is every path a GET can reach. */
export type PathsWith<M extends HttpMethod> = {
  [P in keyof paths]: [Operation<P, M>] extends [never] ? never : P;
}[keyof paths];

type PathParams<O> = O extends { parameters: { path: infer X } } ? X : never;
type QueryParams<O> = O extends { parameters: { query?: infer X } } ? NonNullable<X> : never;
type JsonOrForm<C> = C extends { "application/json": infer B }
  ? B
  : C extends { "multipart/form-data": unknown }
    ? FormData
    : never;
type RequestBody<O> = O extends { requestBody: { content: infer C } }
  ? JsonOrForm<C>
  : O extends { requestBody?: { content: infer C } }
    ? JsonOrForm<C> | undefined
    : never;

/** What one call can add to any request. */
export interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * `Idempotency-Key` for this call: a key of yours (one per logical operation, see `newIdempotencyKey`), or
   * `true` for a new one, kept across this call's retries.
   */
  idempotencyKey?: string | true;
  /** Overrides the client's `retry` for this call. */
  retry?: import("./retry-after.js").RetryOptions | boolean;
}

/** The empty object type: `Empty extends T` holds when every key of T is optional. */
type Empty = Record<never, never>;

type Slot<Key extends string, T> = [T] extends [never]
  ? { [K in Key]?: never }
  : [T] extends [undefined]
    ? { [K in Key]?: never }
    : Empty extends T
      ? { [K in Key]?: T }
      : undefined extends T
        ? { [K in Key]?: T }
        : { [K in Key]: T };

/** The second argument of a call: `params` (path), `query`, `body`, each required when the operation requires it. */
export type RequestOptions<O> = Slot<"params", PathParams<O>> &
  Slot<"query", QueryParams<O>> &
  Slot<"body", RequestBody<O>> &
  CallOptions;

/** The argument list after the path: optional when nothing in it is required. */
export type InitArgs<O> = Empty extends RequestOptions<O> ? [init?: RequestOptions<O>] : [init: RequestOptions<O>];

type SuccessStatus = 200 | 201 | 202;
type JsonOf<R> = R extends { content: { "application/json": infer B } } ? B : undefined;
type SuccessBody<O> = O extends { responses: infer R } ? JsonOf<R[Extract<keyof R, SuccessStatus>]> : never;

/** A successful call's answer: the envelope's `data` and `meta` (undefined for 204 answers). */
export interface ApiResult<O> {
  data: SuccessBody<O> extends { data: infer D } ? D : undefined;
  meta: SuccessBody<O> extends { meta?: infer Meta } ? Meta : undefined;
  response: Response;
}

/** The `data` of a path and method's success answer: `ResponseData<"/api/catalog/entities", "get">`. */
export type ResponseData<P extends keyof paths, M extends HttpMethod> = ApiResult<Operation<P, M>>["data"];

/** The JSON body of a path and method: `RequestBodyOf<"/api/catalog/entities", "post">`. */
export type RequestBodyOf<P extends keyof paths, M extends HttpMethod> = RequestBody<Operation<P, M>>;
