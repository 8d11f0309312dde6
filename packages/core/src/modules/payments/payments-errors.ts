import { defineErrors } from "../../kernel/error-codes.js";
import { defineErrorReasons } from "../../kernel/error-reasons.js";

/** Error codes the payments module answers with. */
export const paymentsErrors = defineErrors({
  PAYMENT_WEBHOOK_REJECTED: { status: 400, message: "The webhook delivery could not be verified" },
});

/**
 * The payments' own failures answered as a generic code (the code in `details.reason`), so checkout
 * tells them apart from any other validation failure.
 */
export const paymentsErrorReasons = defineErrorReasons({
  UNKNOWN_PAYMENT_PROVIDER: { code: "VALIDATION_FAILED", message: "No payment adapter is registered for the provider" },
});

/** An intent for a provider no adapter is registered for: the 422 `recordIntent` answers. */
export function unknownPaymentProvider(provider: string, available: readonly string[]) {
  const message = `no payment provider "${provider}" is registered; available: ${available.join(", ")}`;
  const issues = [{ path: "paymentMethodId", message }];
  return paymentsErrorReasons.error("UNKNOWN_PAYMENT_PROVIDER", { message: `paymentMethodId: ${message}`, issues });
}
