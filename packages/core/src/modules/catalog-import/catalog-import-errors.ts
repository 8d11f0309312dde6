import { AppError } from "../../kernel/app-error.js";

/** The import's coded failures; row-level problems are not errors of the request but entries of the import. */
export const importErrors = {
  importNotFound: () => AppError.notFound("Catalog import"),
  /** The body is not the format it claims (a binary file, JSON sent as CSV, a CSV without header): nothing is stored. */
  unreadable: (reason: string) => AppError.validation([{ path: "body", message: reason }]),
  unsupportedType: () =>
    new AppError("UNSUPPORTED_MEDIA_TYPE", {
      message:
        "Send text/csv or application/x-ndjson, or multipart/form-data with a file field (a .csv, .ndjson or .jsonl file)",
    }),
  tooLarge: (maxBytes: number) =>
    new AppError("PAYLOAD_TOO_LARGE", { message: `The import is larger than ${maxBytes} bytes` }),
};
