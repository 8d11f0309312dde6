import { describe, expect, it } from "vitest";
import { calculatePrice, type ShipmentMeasure } from "./shipping-calculators.js";
import { isInZone } from "./zone-matching.js";

const measure = (partial: Partial<ShipmentMeasure>): ShipmentMeasure => ({
  subtotal: 0,
  weightGrams: 0,
  itemCount: 1,
  ...partial,
});

describe("shipping calculators", () => {
  const bands = [
    { upTo: 1000, amount: 500 },
    { upTo: 5000, amount: 900 },
  ];

  it("prices weight bands by their inclusive upper edge and refuses past the last closed band", () => {
    const at = (weightGrams: number) => calculatePrice("weight_bands", { bands }, measure({ weightGrams }));
    expect([0, 1000, 1001, 5000].map((grams) => at(grams))).toEqual([
      { amount: 500, isFree: false },
      { amount: 500, isFree: false },
      { amount: 900, isFree: false },
      { amount: 900, isFree: false },
    ]);
    expect(at(5001)).toEqual({ reason: "NO_BAND" });
    const open = [...bands, { upTo: null, amount: 1500 }];
    expect(calculatePrice("weight_bands", { bands: open }, measure({ weightGrams: 999_999 }))).toEqual({
      amount: 1500,
      isFree: false,
    });
  });

  it("prices subtotal bands by the discounted subtotal, edges inclusive", () => {
    const at = (subtotal: number) => calculatePrice("subtotal_bands", { bands }, measure({ subtotal }));
    expect([1000, 1001, 5000].map((subtotal) => at(subtotal))).toEqual([
      { amount: 500, isFree: false },
      { amount: 900, isFree: false },
      { amount: 900, isFree: false },
    ]);
    expect(at(5001)).toEqual({ reason: "NO_BAND" });
  });

  it("makes free_above free from the threshold on, not a unit before", () => {
    const rate = { amount: 800, freeAbove: 5000 };
    expect(calculatePrice("free_above", rate, measure({ subtotal: 4999 }))).toEqual({ amount: 800, isFree: false });
    expect(calculatePrice("free_above", rate, measure({ subtotal: 5000 }))).toEqual({ amount: 0, isFree: true });
  });

  it("charges flat once and per_item per shippable unit", () => {
    expect(calculatePrice("flat", { amount: 450 }, measure({ itemCount: 7 }))).toEqual({ amount: 450, isFree: false });
    expect(calculatePrice("per_item", { amount: 150 }, measure({ itemCount: 7 }))).toEqual({
      amount: 1050,
      isFree: false,
    });
  });

  it("applies minimum and maximum subtotals inclusively", () => {
    const rate = { amount: 100, minSubtotal: 1000, maxSubtotal: 2000 };
    expect(calculatePrice("flat", rate, measure({ subtotal: 999 }))).toEqual({ reason: "SUBTOTAL_BELOW_MINIMUM" });
    expect(calculatePrice("flat", rate, measure({ subtotal: 1000 }))).toEqual({ amount: 100, isFree: false });
    expect(calculatePrice("flat", rate, measure({ subtotal: 2000 }))).toEqual({ amount: 100, isFree: false });
    expect(calculatePrice("flat", rate, measure({ subtotal: 2001 }))).toEqual({ reason: "SUBTOTAL_ABOVE_MAXIMUM" });
  });
});

describe("zone matching", () => {
  const zone = (partial: Partial<Parameters<typeof isInZone>[0]>) => ({
    countries: ["FR"],
    regions: [],
    postalPatterns: [],
    ...partial,
  });

  it("matches the country alone when the zone names nothing more", () => {
    expect(isInZone(zone({}), { country: "FR", postalCode: "13001" })).toBe(true);
    expect(isInZone(zone({}), { country: "fr" })).toBe(true);
    expect(isInZone(zone({}), { country: "BE" })).toBe(false);
  });

  it("matches regions without case and refuses an address without one", () => {
    const california = zone({ countries: ["US"], regions: ["CA", "Oregon"] });
    expect(isInZone(california, { country: "US", state: "ca" })).toBe(true);
    expect(isInZone(california, { country: "US", state: "OREGON" })).toBe(true);
    expect(isInZone(california, { country: "US", state: "NY" })).toBe(false);
    expect(isInZone(california, { country: "US" })).toBe(false);
  });

  it("matches postal patterns: * any run, ? one character, spaces and case ignored", () => {
    const paris = zone({ postalPatterns: ["75*", "92?00"] });
    expect(isInZone(paris, { country: "FR", postalCode: "75001" })).toBe(true);
    expect(isInZone(paris, { country: "FR", postalCode: "92100" })).toBe(true);
    expect(isInZone(paris, { country: "FR", postalCode: "92110" })).toBe(false);
    expect(isInZone(paris, { country: "FR", postalCode: "69001" })).toBe(false);
    expect(isInZone(paris, { country: "FR", postalCode: "1750" })).toBe(false);
    const london = zone({ countries: ["GB"], postalPatterns: ["sw1a *"] });
    expect(isInZone(london, { country: "GB", postalCode: "SW1A 1AA" })).toBe(true);
    expect(isInZone(london, { country: "GB", postalCode: "SW1B 1AA" })).toBe(false);
  });
});
