import { defineErrors } from "../../kernel/error-codes.js";

/** Error codes the payments module answers with. */
export const paymentsErrors = defineErrors({
  PAYMENT_WEBHOOK_REJECTED: { status: 400, message: "The webhook delivery could not be verified" },
});
