/** Why a queue call was refused. */
export type JobsErrorCode =
  /** Enqueue options or input are invalid (blank organization, unknown task, bad delay). */
  | "INVALID_ENQUEUE"
  /** Task definitions given to the queue are invalid (duplicate or blank slug, bad retry policy). */
  | "INVALID_TASK"
  /** Queue or worker options are invalid. */
  | "INVALID_OPTIONS";

/** The one error type this package throws on purpose; callers switch on `code`. */
export class JobsError extends Error {
  readonly code: JobsErrorCode;

  constructor(code: JobsErrorCode, message: string) {
    super(message);
    this.name = "JobsError";
    this.code = code;
  }
}

/** Whether `error` is a {@link JobsError}, optionally of one code. */
export function isJobsError(error: unknown, code?: JobsErrorCode): error is JobsError {
  return error instanceof JobsError && (code === undefined || error.code === code);
}
