import { AppError } from "../kernel/app-error.js";
import { UnsafeIntegerError } from "../db/safe-integer.js";

interface PostgresError {
  code: string;
  constraint?: string;
  detail?: string;
}

function isPostgresError(error: unknown): error is PostgresError {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { code?: unknown }).code === "string" &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code)
  );
}

/** What pg-pool rejects with when no connection frees up within `connectionTimeoutMillis` (it sets no code). */
const POOL_TIMEOUT_MESSAGE = "timeout exceeded when trying to connect";

/** Seconds a client is asked to wait before retrying when every database connection is busy. */
export const POOL_BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * The one place PostgreSQL error codes become API errors (pg and PGlite raise the same codes). Anything
 * not listed stays a 500: the caller must not learn SQL details from it.
 */
export function fromPostgresError(error: unknown): AppError | null {
  // A burst larger than the pool: nothing was done, and the same request can succeed a moment later.
  if (error instanceof Error && error.message === POOL_TIMEOUT_MESSAGE) {
    return new AppError("SERVICE_UNAVAILABLE", {
      message: "Every database connection is busy; retry shortly",
      details: { retryAfterSeconds: POOL_BUSY_RETRY_AFTER_SECONDS },
      cause: error,
    });
  }
  // Thrown by the int8 parser (db/ knows no API error): a fault, answered with its message as before.
  if (error instanceof UnsafeIntegerError) {
    return new AppError("INTERNAL_ERROR", { message: error.message, cause: error });
  }
  if (!isPostgresError(error)) return null;
  const constraint = error.constraint ? ` (${error.constraint})` : "";
  switch (error.code) {
    case "23505":
      return new AppError("CONFLICT", {
        message: `A record with the same unique value already exists${constraint}`,
        cause: error,
      });
    case "23503":
      return new AppError("CONFLICT", {
        message: `The operation refers to a missing record or one still in use${constraint}`,
        cause: error,
      });
    case "23514":
      return new AppError("VALIDATION_FAILED", {
        message: `A value violates a rule of the store${constraint}`,
        cause: error,
      });
    case "22P02":
    case "22003":
      return new AppError("VALIDATION_FAILED", {
        message: "A value has the wrong format or is out of range",
        cause: error,
      });
    // Validation refuses NUL characters in every request part; these catch a value that reached SQL by
    // another road (a header, a plugin's own parsing): NUL in text (22021) or in jsonb (22P05).
    case "22021":
    case "22P05":
      return new AppError("VALIDATION_FAILED", {
        message: "A text value holds a character the store cannot keep",
        cause: error,
      });
    case "22001":
      return new AppError("VALIDATION_FAILED", { message: "A value is longer than the store allows", cause: error });
    case "40001":
    case "40P01":
      return new AppError("CONFLICT", {
        message: "The operation collided with a concurrent one; retry it",
        cause: error,
      });
    default:
      return null;
  }
}
