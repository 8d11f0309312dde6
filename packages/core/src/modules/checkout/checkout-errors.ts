import { AppError } from "../../kernel/app-error.js";
import { defineErrors, type ErrorCodesOf } from "../../kernel/error-codes.js";
import type { ErrorReasons, ErrorReasonTable } from "../../kernel/error-reasons.js";

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
  | "INVALID_HOOK_CHANGE"
  | "SHIPPING_REQUIRED"
  | "SHIPPING_OPTION_UNAVAILABLE";

/** A 422 CHECKOUT_FAILED with its reason (and whatever names the culprit) in `error.details`. */
export function checkoutFailed(
  reason: CheckoutFailureReason,
  message: string,
  details: Record<string, unknown> = {},
  cause?: unknown,
): AppError {
  return new AppError("CHECKOUT_FAILED", { message, details: { reason, ...details }, cause });
}

/** Turns one failure of a step into the checkout's answer; undefined leaves the failure as it is. */
export type FailureMap = (error: AppError) => AppError | undefined;

/**
 * A table from the codes a module owns (`defineErrorReasons`) to checkout failures: only an error that
 * module raised with one of these codes is mapped, never another with the same status (a subscriber's or
 * a hook's `CONFLICT` is not `OUT_OF_STOCK`).
 */
export function fromReasons<T extends ErrorReasonTable>(
  owner: ErrorReasons<T>,
  table: { readonly [Code in keyof T & string]?: FailureMap },
): FailureMap {
  return (error) => {
    const reason = owner.reasonOf(error);
    return reason === undefined ? undefined : table[reason]?.(error);
  };
}

/**
 * Runs a step, turning an AppError a map names (the first map that does) into a checkout failure; anything
 * else passes through.
 */
export async function failingAs<T>(step: () => Promise<T>, ...maps: FailureMap[]): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    for (const map of maps) {
      const mapped = map(error);
      if (mapped) throw mapped;
    }
    throw error;
  }
}
