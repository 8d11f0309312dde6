import { defineErrorReasons } from "../../kernel/error-reasons.js";

/**
 * The orders' own failures: each answers the spec's 409 `CONFLICT`, with its code in `details.reason`.
 * Whoever moves an order (a payment confirming it, a plugin) tells a refused move by these codes, never
 * by the status: a subscriber's `CONFLICT` is not a refused move.
 */
export const ordersErrorReasons = defineErrorReasons({
  /** The move is not in `ORDER_TRANSITIONS` (details: `from`, `to`). */
  ORDER_TRANSITION_NOT_ALLOWED: { code: "CONFLICT", message: "The order cannot make this move" },
  /** Another move of the same order won the race (details: `from`, `to`). */
  ORDER_STATUS_CHANGED: { code: "CONFLICT", message: "The order's status changed meanwhile; read the order again" },
  /** Only a processing or partially fulfilled order ships (details: `status`). */
  ORDER_NOT_FULFILLABLE: { code: "CONFLICT", message: "The order cannot be fulfilled" },
  ORDER_NOT_REFUNDABLE: { code: "CONFLICT", message: "The order cannot be refunded" },
  REFUND_ALREADY_UNDONE: { code: "CONFLICT", message: "This refund is already undone" },
  REFUND_UNDO_WINDOW_PASSED: { code: "CONFLICT", message: "This refund's undo window has passed" },
});
