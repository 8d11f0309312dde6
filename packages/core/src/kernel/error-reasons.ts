import { AppError, type AppErrorOptions } from "./app-error.js";
import type { ErrorCode } from "./error-codes.js";

/**
 * One domain failure a module owns: the generic code it answers with on the wire (the one the spec names,
 * such as 409 `CONFLICT`), and the message used when the thrower gives none.
 */
export interface ErrorReasonDefinition {
  code: ErrorCode;
  message: string;
}

/** A module's domain failures, `UPPER_SNAKE` reason to definition. */
export type ErrorReasonTable = Readonly<Record<string, ErrorReasonDefinition>>;

/** What `defineErrorReasons` answers: the table, the errors it makes and the test that recognises them. */
export interface ErrorReasons<T extends ErrorReasonTable> {
  readonly table: T;
  /** The failure `reason`: an `AppError` with the table's code, `details.reason` set to `reason` (after any other details). */
  error(reason: keyof T & string, options?: AppErrorOptions): AppError;
  /**
   * The reason of this table an error carries, else undefined: only an `AppError` with a reason of the
   * table in `details.reason` AND the code the table gives it. So a caller maps exactly what the owning
   * module raised, never a look-alike (another module's or a plugin's `CONFLICT`).
   */
  reasonOf(error: unknown): (keyof T & string) | undefined;
}

/**
 * Declares the domain failures a module raises (its `<module>-errors.ts`), each answered as a generic code
 * with the module's own code in `details.reason` (as checkout's `CHECKOUT_FAILED` carries its reason):
 * the wire keeps the codes the spec names, while callers in other modules map the exact reason instead of
 * guessing from a status. The codes of `defineErrors` are for answers that are codes of their own.
 */
export function defineErrorReasons<const T extends ErrorReasonTable>(table: T): ErrorReasons<T> {
  const isReason = (reason: unknown): reason is keyof T & string =>
    typeof reason === "string" && Object.hasOwn(table, reason);
  return {
    table,
    error(reason, options = {}) {
      const definition = table[reason] as ErrorReasonDefinition;
      return new AppError(definition.code, {
        message: definition.message,
        ...options,
        details: { ...options.details, reason },
      });
    },
    reasonOf(error) {
      if (!(error instanceof AppError)) return undefined;
      const reason = error.details?.reason;
      return isReason(reason) && table[reason]?.code === error.code ? reason : undefined;
    },
  };
}
