import { AppError } from "../../kernel/app-error.js";
import { defineErrorReasons } from "../../kernel/error-reasons.js";

/**
 * The inventory's own failures: each answers the generic code the spec names (409 `CONFLICT`, 404
 * `NOT_FOUND`) with its code in `details.reason`, so checkout tells "not enough stock" from any other
 * conflict, and a cancel a deleted warehouse from any other 404, by the code, not by the status.
 */
export const inventoryErrorReasons = defineErrorReasons({
  OUT_OF_STOCK: { code: "CONFLICT", message: "Insufficient stock" },
  RESERVATION_CLOSED: { code: "CONFLICT", message: "The reservation is no longer active" },
  WAREHOUSE_NOT_FOUND: { code: "NOT_FOUND", message: "Warehouse not found" },
});

/** The inventory's coded failures, by what went wrong. */
export const inventoryErrors = {
  warehouseNotFound: () => inventoryErrorReasons.error("WAREHOUSE_NOT_FOUND"),
  reservationNotFound: () => AppError.notFound("Reservation"),
  insufficientStock: (available?: number) =>
    inventoryErrorReasons.error(
      "OUT_OF_STOCK",
      available === undefined ? {} : { message: `Insufficient stock: ${available} available` },
    ),
  reservationClosed: (status: string) =>
    inventoryErrorReasons.error("RESERVATION_CLOSED", { message: `The reservation is ${status}` }),
};
