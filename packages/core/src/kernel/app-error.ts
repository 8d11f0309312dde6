import { findErrorDefinition, type ErrorCode } from "./error-codes.js";

/** One field that failed validation: where it is (`body.price`, `query.limit`) and why. */
export interface FieldIssue {
  path: string;
  message: string;
}

export interface AppErrorOptions {
  /** Overrides the declared default message. */
  message?: string;
  /** Field-level detail for validation failures. */
  issues?: FieldIssue[];
  /** Extra machine-readable detail returned under `error.details`. */
  details?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * The one error type that carries an API answer. Services and hooks throw it with a declared code (the
 * kernel's generic codes or a manifest's `errors`); its status comes from that declaration, and the HTTP
 * layer maps it to the status and envelope. Anything else that escapes is a 500.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: FieldIssue[] | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    // A code nobody declared (from JavaScript, past the types) is a fault, answered as a 500.
    const definition = findErrorDefinition(code) ?? { status: 500, message: `Undeclared error code ${code}` };
    super(options.message ?? definition.message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = definition.status;
    this.issues = options.issues;
    this.details = options.details;
  }

  static notFound(what: string): AppError {
    return new AppError("NOT_FOUND", { message: `${what} not found` });
  }

  static validation(issues: FieldIssue[]): AppError {
    const message = issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ");
    return new AppError("VALIDATION_FAILED", { message, issues });
  }

  static conflict(message: string): AppError {
    return new AppError("CONFLICT", { message });
  }

  static forbidden(message?: string): AppError {
    return new AppError("FORBIDDEN", message === undefined ? {} : { message });
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
