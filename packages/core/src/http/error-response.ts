import type { FastifyError } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, type FieldIssue } from "../kernel/app-error.js";
import { fromPostgresError } from "./postgres-errors.js";

/** The error envelope of every API answer. */
export interface ErrorBody {
  error: { code: string; message: string; issues?: FieldIssue[]; details?: Record<string, unknown>; requestId?: string };
}

const VALIDATION_CONTEXT: Record<string, string> = { querystring: "query", body: "body", params: "params", headers: "headers" };

/** Turns whatever a route threw into an AppError; null means an unexpected fault (a 500). */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = VALIDATION_CONTEXT[(error as FastifyError).validationContext ?? "body"] ?? "body";
    return AppError.validation(
      error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
        return { path: field ? `${context}.${field}` : context, message: issue.message ?? "is invalid" };
      }),
    );
  }
  const fastifyCode = (error as FastifyError | undefined)?.code;
  switch (fastifyCode) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError("PAYLOAD_TOO_LARGE");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new AppError("UNSUPPORTED_MEDIA_TYPE");
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new AppError("BAD_REQUEST", { message: (error as FastifyError).message });
  }
  if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) {
    return new AppError("BAD_REQUEST", { message: "The body is not valid JSON" });
  }
  return fromPostgresError(error);
}

export function errorBody(error: AppError, requestId: string): ErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.issues ? { issues: error.issues } : {}),
      ...(error.details ? { details: error.details } : {}),
      ...(error.status >= 500 ? { requestId } : {}),
    },
  };
}

/** A fault's answer: the request id to quote, never the stack or the SQL. */
export function internalErrorBody(requestId: string): ErrorBody {
  return { error: { code: "INTERNAL_ERROR", message: `Internal server error (request ${requestId})`, requestId } };
}
