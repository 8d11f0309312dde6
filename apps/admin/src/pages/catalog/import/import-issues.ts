import type { CatalogImport } from "./start-catalog-import.js";

/** One problem of a refused row, as the error table shows it. */
export interface ImportIssue {
  line: number;
  /** The field the problem is about (`slug`, `variants.0.sku`); null when it is about the whole line. */
  field: string | null;
  message: string;
}

const FIELD_AND_MESSAGE = /^([A-Za-z0-9_.[\]-]+): (.+)$/s;

/**
 * The problems of refused rows, one per field. The server writes a reason as `path: message`, up to three
 * joined by `; ` (`describeIssues` in catalog-import's import-rows.ts); a reason that is not of that shape
 * (bad UTF-8, a CSV row with too many fields) stays whole, about the line.
 */
export function importIssues(errors: CatalogImport["errors"]): ImportIssue[] {
  return errors.flatMap(({ line, reason }) => {
    const parts = reason.split("; ").map((part) => FIELD_AND_MESSAGE.exec(part));
    if (parts.length > 0 && parts.every((match) => match !== null))
      return parts.map((match) => ({ line, field: match?.[1] ?? null, message: match?.[2] ?? reason }));
    return [{ line, field: null, message: reason }];
  });
}
