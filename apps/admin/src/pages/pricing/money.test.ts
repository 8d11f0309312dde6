import { describe, expect, it } from "vitest";
import { amountError, formatMoney, minorDigits, minorToInput, parseMoney } from "./money.js";
import { describeModifierValue, percentToBps, signedMoneyToMinor } from "./modifier-value.js";

describe("money in the admin's forms", () => {
  it("knows each currency's minor digits", () => {
    expect([minorDigits("EUR"), minorDigits("JPY"), minorDigits("KWD")]).toEqual([2, 0, 3]);
  });

  it("turns typed amounts into minor units without float error, refusing extra decimals", () => {
    expect(parseMoney("12.5", "EUR")).toBe(1250);
    expect(parseMoney("0,29", "EUR")).toBe(29);
    expect(parseMoney("1.005", "KWD")).toBe(1005);
    expect(parseMoney("12.345", "EUR")).toBeNull();
    expect(parseMoney("12.5", "JPY")).toBeNull();
    expect(parseMoney("-1", "EUR")).toBeNull();
    expect(amountError("10000000000.01", "EUR")).toBe("The amount is too large");
    expect(minorToInput(1250, "EUR")).toBe("12.50");
  });

  it("shows minor units as money, and modifiers' changes in words", () => {
    expect(formatMoney(1250, "EUR")).toMatch(/12\.50/);
    expect(percentToBps("-12.5")).toBe(-1250);
    expect(signedMoneyToMinor("-2.50", "EUR")).toBe(-250);
    expect(describeModifierValue("percentage", -1000, null)).toBe("−10\u00a0%");
  });
});
