import type { FastifyError } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, type FieldIssue } from "../kernel/app-error.js";
import { fromFastifyError } from "./fastify-errors.js";
import { fromPostgresError } from "./postgres-errors.js";

/** The error envelope of every API answer. */
export interface ErrorBody {
  error: {
    code: string;
    message: string;
    issues?: FieldIssue[];
    details?: Record<string, unknown>;
    requestId?: string;
  };
}

/** How a request part is named in issue paths (`query.limit`, `params.id`). */
export const VALIDATION_CONTEXT: Readonly<Record<string, string>> = {
  querystring: "query",
  body: "body",
  params: "params",
  headers: "headers",
};

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
  return fromFastifyError(error) ?? fromPostgresError(error);
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
