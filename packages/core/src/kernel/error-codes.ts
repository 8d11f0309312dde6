/** What an error code answers: its HTTP status and the message used when the thrower gives none. */
export interface ErrorDefinition {
  status: number;
  message: string;
}

/** A table of error codes, `UPPER_SNAKE` code to definition, as a module's manifest declares it. */
export type ErrorTable = Readonly<Record<string, ErrorDefinition>>;

/**
 * The kernel's generic codes: the failures any module or plugin may answer with. Domain codes belong to
 * the module that raises them (its manifest's `errors`): `CHECKOUT_FAILED` is the checkout module's.
 */
export const GENERIC_ERROR_CODES = {
  BAD_REQUEST: { status: 400, message: "Malformed request" },
  NOT_FOUND: { status: 404, message: "Resource not found" },
  VALIDATION_FAILED: { status: 422, message: "Input validation failed" },
  UNAUTHORIZED: { status: 401, message: "Authentication required" },
  FORBIDDEN: { status: 403, message: "Insufficient permission" },
  CONFLICT: { status: 409, message: "Conflicting state" },
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: "This Idempotency-Key was used with another request" },
  METHOD_NOT_ALLOWED: { status: 405, message: "Method not allowed" },
  PAYLOAD_TOO_LARGE: { status: 413, message: "Request body is larger than the limit" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Unsupported content type" },
  TOO_MANY_REQUESTS: { status: 429, message: "Rate limit exceeded" },
  INTERNAL_ERROR: { status: 500, message: "Internal server error" },
  SERVICE_UNAVAILABLE: { status: 503, message: "Service unavailable" },
} as const satisfies ErrorTable;

type GenericErrorCodes = { [Code in keyof typeof GENERIC_ERROR_CODES]: ErrorDefinition };

/**
 * Every declared error code; `AppError` accepts only these. A module or plugin adds its own by
 * augmentation, next to the table it puts in its manifest:
 *
 * ```ts
 * export const payoutErrors = defineErrors({ PAYOUT_FAILED: { status: 502, message: "The payout provider refused" } });
 * declare module "@unified-commerce/plugin-sdk" { interface ErrorCodes extends ErrorCodesOf<typeof payoutErrors> {} }
 * ```
 */
export interface ErrorCodes extends GenericErrorCodes {}

/** A declared error code. */
export type ErrorCode = keyof ErrorCodes & string;

/** The codes of a table, for `interface ErrorCodes extends ErrorCodesOf<typeof table> {}`. */
export type ErrorCodesOf<T extends ErrorTable> = { [Code in keyof T]: ErrorDefinition };

// Statuses must be known wherever an AppError is made (a service under test, a script), not only inside
// a booted kernel: the generic codes, every `defineErrors` table and every booted manifest land here.
const definitions = new Map<string, ErrorDefinition>(Object.entries(GENERIC_ERROR_CODES));

/**
 * Declares error codes: returns the table (put it in the manifest's `errors`, where the kernel checks it
 * for duplicates and lists it in the OpenAPI document) and makes its statuses known to `AppError` at once.
 * A code defined earlier keeps its first definition here; a conflicting one fails boot.
 */
export function defineErrors<const T extends ErrorTable>(table: T): T {
  registerErrorCodes(table);
  return table;
}

/** Makes a table's codes known to `AppError`; codes already known are left as they are. */
export function registerErrorCodes(table: ErrorTable): void {
  for (const [code, definition] of Object.entries(table)) {
    if (!definitions.has(code)) definitions.set(code, { status: definition.status, message: definition.message });
  }
}

/** The definition of a code, if anything in this process declared it. */
export function findErrorDefinition(code: string): ErrorDefinition | undefined {
  return definitions.get(code);
}
