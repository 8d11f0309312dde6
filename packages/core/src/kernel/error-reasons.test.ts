import { describe, expect, it } from "vitest";
import { AppError } from "./app-error.js";
import { defineErrorReasons } from "./error-reasons.js";

const stock = defineErrorReasons({
  OUT_OF_STOCK: { code: "CONFLICT", message: "Insufficient stock" },
  ITEM_GONE: { code: "NOT_FOUND", message: "Item not found" },
});
const carts = defineErrorReasons({ CART_CHECKED_OUT: { code: "CONFLICT", message: "The cart is checked out" } });

describe("defineErrorReasons", () => {
  it("makes an AppError of the generic code, with the module's code in details.reason after any other details", () => {
    const error = stock.error("OUT_OF_STOCK", { message: "Only 2 left", details: { available: 2, reason: "ignored" } });
    expect(error).toBeInstanceOf(AppError);
    expect([error.code, error.status, error.message]).toEqual(["CONFLICT", 409, "Only 2 left"]);
    expect(error.details).toEqual({ available: 2, reason: "OUT_OF_STOCK" });
    expect(stock.error("ITEM_GONE")).toMatchObject({
      code: "NOT_FOUND",
      status: 404,
      message: "Item not found",
      details: { reason: "ITEM_GONE" },
    });
  });

  it("recognises only its own codes, raised with the code its table gives them", () => {
    expect(stock.reasonOf(stock.error("OUT_OF_STOCK"))).toBe("OUT_OF_STOCK");
    // Same status, no reason: a subscriber's or a hook's CONFLICT is not OUT_OF_STOCK.
    expect(stock.reasonOf(AppError.conflict("Insufficient stock"))).toBeUndefined();
    // Another module's reason, and a look-alike under another code (checkout's own answer).
    expect(stock.reasonOf(carts.error("CART_CHECKED_OUT"))).toBeUndefined();
    expect(stock.reasonOf(new AppError("VALIDATION_FAILED", { details: { reason: "OUT_OF_STOCK" } }))).toBeUndefined();
    expect(stock.reasonOf(new AppError("NOT_FOUND", { details: { reason: "toString" } }))).toBeUndefined();
    expect(
      stock.reasonOf(Object.assign(new Error("x"), { code: "CONFLICT", details: { reason: "OUT_OF_STOCK" } })),
    ).toBeUndefined();
  });
});
