export { ApiError, isApiError, type ApiIssue } from "./api-error.js";
export { createClient, type ClientOptions, type CommerceClient } from "./create-client.js";
export type { components, paths } from "./generated/openapi.js";
export { newIdempotencyKey } from "./idempotency-key.js";
export type { PageOf } from "./list-pages.js";
export type {
  ApiResult,
  CallOptions,
  HttpMethod,
  PathsWith,
  RequestBodyOf,
  RequestOptions,
  ResponseData,
} from "./operation-types.js";
export type { RetryOptions } from "./retry-after.js";
