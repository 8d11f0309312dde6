import { AppError } from "../kernel/app-error.js";

/**
 * Parses an int8 (`bigint` column) into a JS number. Money is stored in minor units as bigint; a value
 * beyond Number.MAX_SAFE_INTEGER would silently lose precision, so it fails loudly instead.
 */
export function parseSafeInteger(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new AppError("INTERNAL_ERROR", { message: `Integer ${text} is outside the safe range` });
  }
  return value;
}

/** OID of PostgreSQL's int8 type. */
export const INT8_OID = 20;
