import { AppError } from "../../kernel/app-error.js";
import { defineErrorReasons } from "../../kernel/error-reasons.js";

/**
 * The carts' own failures: each answers the spec's 409 `CONFLICT`, with its code in `details.reason`, so
 * checkout maps a checked-out cart by its code, not by the status.
 */
export const cartsErrorReasons = defineErrorReasons({
  CART_CHECKED_OUT: { code: "CONFLICT", message: "The cart is checked out: it takes no more changes" },
});

/** The carts' coded failures, by what went wrong. */
export const cartsErrors = {
  cartNotFound: () => AppError.notFound("Cart"),
  itemNotFound: () => AppError.notFound("Cart item"),
  checkedOut: () => cartsErrorReasons.error("CART_CHECKED_OUT"),
  invalid: (path: string, message: string) => AppError.validation([{ path, message }]),
};
