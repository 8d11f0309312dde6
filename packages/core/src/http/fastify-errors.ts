import type { FastifyError } from "fastify";
import { AppError } from "../kernel/app-error.js";

/** An error Fastify (or one of its plugins) raised about the request itself: a `FST_` code and a 4xx status. */
function isFastifyClientError(error: unknown): error is FastifyError {
  if (typeof error !== "object" || error === null) return false;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return (
    typeof code === "string" &&
    code.startsWith("FST_") &&
    typeof statusCode === "number" &&
    statusCode >= 400 &&
    statusCode < 500
  );
}

/**
 * The one place Fastify's own client errors become API errors, whichever layer raised them: the router
 * (a URL that does not decode, a path parameter past `maxParamLength`), the body reader (content type,
 * content length, size) or a Fastify plugin such as @fastify/multipart. Known codes get a status chosen
 * for the API; any other 4xx keeps its class (413, 415, 405, 404) or reads as a 400 with Fastify's message.
 * Null when the error is not Fastify's.
 */
export function fromFastifyError(error: unknown): AppError | null {
  if (!isFastifyClientError(error)) return null;
  switch (error.code) {
    case "FST_ERR_BAD_URL":
      return new AppError("BAD_REQUEST", {
        message: "The URL is malformed: a percent-encoded sequence does not decode to UTF-8",
        cause: error,
      });
    // Identifiers are UUIDs, slugs and codes far below the router's limit (100 characters): a longer
    // path segment names nothing that can exist, which is what 404 says (414 would blame the whole URL).
    case "FST_ERR_MAX_PARAM_LENGTH":
      return new AppError("NOT_FOUND", { message: "No resource has an identifier that long", cause: error });
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new AppError("UNSUPPORTED_MEDIA_TYPE", { cause: error });
  }
  switch (error.statusCode) {
    case 404:
      return new AppError("NOT_FOUND", { message: error.message, cause: error });
    case 405:
      return new AppError("METHOD_NOT_ALLOWED", { message: error.message, cause: error });
    case 413:
      return new AppError("PAYLOAD_TOO_LARGE", { cause: error });
    case 415:
      return new AppError("UNSUPPORTED_MEDIA_TYPE", { message: error.message, cause: error });
    default:
      return new AppError("BAD_REQUEST", { message: error.message, cause: error });
  }
}
