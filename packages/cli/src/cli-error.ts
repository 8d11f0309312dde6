import { isAppError } from "@unified-commerce/core";

/** A failure the user caused or can fix: printed as one line, exit code 1. */
export class CliError extends Error {
  override readonly name = "CliError";
}

/** A command used wrongly (a missing argument or option, a malformed value): one line, exit code 2. */
export class CliUsageError extends CliError {}

/** One clear line for any error: coded API errors and our own keep their message, others their message too. */
export function describeError(error: unknown): string {
  if (isAppError(error))
    return error.issues?.length
      ? error.issues.map((issue) => `${issue.path}: ${issue.message}`).join("; ")
      : error.message;
  if (error instanceof Error) return error.message.split("\n")[0] ?? "unknown error";
  return String(error);
}
