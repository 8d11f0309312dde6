import { defineErrors, type ErrorCodesOf } from "../../kernel/error-codes.js";

/** Error codes the analytics module answers with, besides the generic VALIDATION_FAILED. */
export const analyticsErrorCodes = defineErrors({
  ANALYTICS_QUERY_TIMEOUT: { status: 503, message: "The analytics query ran longer than its statement timeout" },
});

declare module "../../kernel/error-codes.js" {
  interface ErrorCodes extends ErrorCodesOf<typeof analyticsErrorCodes> {}
}
