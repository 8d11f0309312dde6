import { AppError } from "../../kernel/app-error.js";

/**
 * The catalog's coded failures. Each maps to a kernel error code (and so an HTTP status); the message
 * says what the caller can fix.
 */
export const catalogErrors = {
  entityNotFound: () => AppError.notFound("Catalog entity"),
  categoryNotFound: () => AppError.notFound("Category"),
  brandNotFound: () => AppError.notFound("Brand"),
  optionTypeNotFound: () => AppError.notFound("Option type"),
  variantNotFound: () => AppError.notFound("Variant"),
  definitionNotFound: () => AppError.notFound("Field definition"),
  noPendingProposal: (fieldName: string, locale: string) =>
    new AppError("NOT_FOUND", { message: `No pending proposal for ${fieldName} (${locale})` }),
  unknownInclude: (names: readonly string[], known: readonly string[]) =>
    AppError.validation([{ path: "query.include", message: `unknown include ${names.join(", ")}; available: ${known.join(", ")}` }]),
  matrixTooLarge: (size: number, max: number) =>
    AppError.validation([{ path: "body", message: `the option matrix has ${size} combinations; at most ${max} are generated in one call` }]),
  syncRequired: () => AppError.forbidden("Store-sourced entities need catalog:sync for this change"),
  invalidCustomField: (path: string, message: string) => AppError.validation([{ path, message }]),
};
