import { AppError } from "../../kernel/app-error.js";
import { defineErrorReasons } from "../../kernel/error-reasons.js";

/**
 * The promotions' own failures, each answered as the generic code the spec names with its code in
 * `details.reason`: checkout tells an unknown code or a spent limit by these codes, not by the status.
 */
export const promotionsErrorReasons = defineErrorReasons({
  PROMOTION_CODE_NOT_FOUND: { code: "NOT_FOUND", message: "Promotion code not found" },
  /** Redeeming found the promotion spent (or, between evaluation and redemption, deactivated or expired). */
  USAGE_LIMIT_REACHED: { code: "CONFLICT", message: "The promotion's usage limit is reached" },
  CUSTOMER_LIMIT_REACHED: { code: "CONFLICT", message: "The promotion reached its limit for this customer" },
  CUSTOMER_REQUIRED: {
    code: "VALIDATION_FAILED",
    message: "This promotion has a per-customer limit: a customer is required",
  },
});

/** The promotions' coded failures, by what went wrong. */
export const promotionsErrors = {
  promotionNotFound: () => AppError.notFound("Promotion"),
  codeNotFound: (code: string) =>
    promotionsErrorReasons.error("PROMOTION_CODE_NOT_FOUND", { message: `Promotion code ${code} not found` }),
  invalid: (path: string, message: string) => AppError.validation([{ path, message }]),
  exhausted: (code: string) =>
    promotionsErrorReasons.error("USAGE_LIMIT_REACHED", {
      message: `Promotion ${code} cannot be redeemed: inactive, outside its validity window, or its usage limit is reached`,
    }),
  customerExhausted: (code: string) =>
    promotionsErrorReasons.error("CUSTOMER_LIMIT_REACHED", {
      message: `Promotion ${code} reached its limit for this customer`,
    }),
  /** The same answer as `invalid("customerId", ...)`, coded so that checkout can tell it. */
  customerRequired: () => {
    const issue = { path: "customerId", message: "this promotion has a per-customer limit: a customer is required" };
    return promotionsErrorReasons.error("CUSTOMER_REQUIRED", {
      message: `${issue.path}: ${issue.message}`,
      issues: [issue],
    });
  },
};
