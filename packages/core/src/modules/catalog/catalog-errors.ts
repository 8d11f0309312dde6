import { AppError } from "../../kernel/app-error.js";
import { defineErrorReasons } from "../../kernel/error-reasons.js";

/**
 * The catalog's failures other modules act on, answered as the generic code the spec names with the code
 * in `details.reason`: checkout tells a sold item that is gone from any other 404 by it.
 */
export const catalogErrorReasons = defineErrorReasons({
  /** `requireSaleTarget`: the entity, or the variant named, is not the organization's (or no longer exists). */
  SALE_TARGET_NOT_FOUND: { code: "NOT_FOUND", message: "Catalog entity not found" },
  /** A variant update names a SKU another variant of the organization holds (SKUs are unique per organization). */
  SKU_TAKEN: { code: "CONFLICT", message: "The SKU is already used by another variant" },
});

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
  /** A 409 that names `body.sku`, so a form shows it on the field. */
  skuTaken: (sku: string) =>
    catalogErrorReasons.error("SKU_TAKEN", {
      message: `The SKU ${sku} is already used by another variant`,
      issues: [{ path: "body.sku", message: "already used by another variant" }],
    }),
  saleTargetNotFound: (what: "Catalog entity" | "Variant") =>
    catalogErrorReasons.error("SALE_TARGET_NOT_FOUND", { message: `${what} not found` }),
  definitionNotFound: () => AppError.notFound("Field definition"),
  noPendingProposal: (fieldName: string, locale: string) =>
    new AppError("NOT_FOUND", { message: `No pending proposal for ${fieldName} (${locale})` }),
  unknownInclude: (names: readonly string[], known: readonly string[]) =>
    AppError.validation([
      { path: "query.include", message: `unknown include ${names.join(", ")}; available: ${known.join(", ")}` },
    ]),
  matrixTooLarge: (size: number, max: number) =>
    AppError.validation([
      { path: "body", message: `the option matrix has ${size} combinations; at most ${max} are generated in one call` },
    ]),
  syncRequired: () => AppError.forbidden("Store-sourced entities need catalog:sync for this change"),
  invalidCustomField: (path: string, message: string) => AppError.validation([{ path, message }]),
};

/**
 * What a variant write that set `sku` throws when PostgreSQL refused it as a unique violation (23505, the
 * same code on pg and PGlite): `SKU_TAKEN`, since the organization's SKU index is the only unique key such
 * a write can break (the option combination's is skipped by `on conflict`). Any other error is unchanged.
 */
export function asSkuTaken(error: unknown, sku: string | null | undefined): unknown {
  const isUniqueViolation =
    typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
  return isUniqueViolation && sku ? catalogErrors.skuTaken(sku) : error;
}
