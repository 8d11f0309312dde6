import { AppError } from "../../kernel/app-error.js";
import { defineErrors, type ErrorCodesOf } from "../../kernel/error-codes.js";

/** Error codes the checkout module answers with (the spec's `CHECKOUT_FAILED`). */
export const checkoutErrorCodes = defineErrors({
  CHECKOUT_FAILED: { status: 422, message: "Checkout failed" },
});

declare module "../../kernel/error-codes.js" {
  interface ErrorCodes extends ErrorCodesOf<typeof checkoutErrorCodes> {}
}

/**
 * Why a checkout failed, in `error.details.reason`: a client shows a message per reason (and reads the
 * line or code it names in `details`).
 */
export type CheckoutFailureReason =
  | "CART_EMPTY"
  | "CART_CHECKED_OUT"
  | "CURRENCY_MISMATCH"
  | "ITEM_UNAVAILABLE"
  | "PRICE_MISSING"
  | "PROMOTION_NOT_FOUND"
  | "PROMOTION_NOT_APPLICABLE"
  | "OUT_OF_STOCK"
  | "UNKNOWN_PAYMENT_PROVIDER"
  | "REFUSED_BY_HOOK"
  | "INVALID_HOOK_CHANGE";

/** A 422 CHECKOUT_FAILED with its reason (and whatever names the culprit) in `error.details`. */
export function checkoutFailed(reason: CheckoutFailureReason, message: string, details: Record<string, unknown> = {}, cause?: unknown): AppError {
  return new AppError("CHECKOUT_FAILED", { message, details: { reason, ...details }, cause });
}

/** Runs a step, turning the AppErrors `map` names into a checkout failure; anything else passes through. */
export async function failingAs<T>(step: () => Promise<T>, map: (error: AppError) => AppError | undefined): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AppError) throw map(error) ?? error;
    throw error;
  }
}
