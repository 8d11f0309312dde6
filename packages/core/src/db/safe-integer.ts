/**
 * An int8 beyond `Number.MAX_SAFE_INTEGER` came back from the database. The database layer knows no API
 * error; the HTTP layer answers this one as an `INTERNAL_ERROR` with its message (`http/postgres-errors.ts`).
 */
export class UnsafeIntegerError extends RangeError {
  constructor(text: string) {
    super(`Integer ${text} is outside the safe range`);
    this.name = "UnsafeIntegerError";
  }
}

/**
 * Parses an int8 (`bigint` column) into a JS number. Money is stored in minor units as bigint; a value
 * beyond Number.MAX_SAFE_INTEGER would silently lose precision, so it fails loudly instead.
 */
export function parseSafeInteger(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new UnsafeIntegerError(text);
  return value;
}

/** OID of PostgreSQL's int8 type. */
export const INT8_OID = 20;
