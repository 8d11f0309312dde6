import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { lineDiscounts, spreadProportionally, type DiscountLine, type DiscountRule } from "./promotion-discounts.js";
import { PROMOTION_TYPES } from "./promotions-tables.js";

const lineArbitrary: fc.Arbitrary<DiscountLine> = fc.record({
  entityId: fc.constantFrom("a", "b", "c"),
  quantity: fc.integer({ min: 1, max: 50 }),
  unitPrice: fc.integer({ min: 0, max: 1_000_000 }),
  categoryIds: fc.subarray(["k1", "k2"]),
});

const ruleArbitrary: fc.Arbitrary<DiscountRule> = fc.record({
  type: fc.constantFrom(...PROMOTION_TYPES),
  value: fc.integer({ min: 1, max: 10_000 }),
  eligibleEntityIds: fc.subarray(["a", "b"]),
  eligibleCategoryIds: fc.subarray(["k1"]),
  buyQuantity: fc.integer({ min: 1, max: 5 }),
  getQuantity: fc.integer({ min: 1, max: 5 }),
});

describe("promotion discounts (properties)", () => {
  test.prop([
    fc.array(ruleArbitrary, { minLength: 1, maxLength: 4 }),
    fc.array(lineArbitrary, { minLength: 1, maxLength: 6 }),
  ])(
    "stacked discounts are integers between 0 and what is left of each line, so never more than the subtotal",
    (rules, lines) => {
      const remaining = lines.map((line) => line.unitPrice * line.quantity);
      const subtotal = remaining.reduce((sum, value) => sum + value, 0);
      let total = 0;
      for (const rule of rules) {
        const discounts = lineDiscounts(rule, lines, remaining);
        discounts.forEach((discount, i) => {
          expect(Number.isSafeInteger(discount)).toBe(true);
          expect(discount).toBeGreaterThanOrEqual(0);
          expect(discount).toBeLessThanOrEqual(remaining[i] ?? 0);
          remaining[i] = (remaining[i] ?? 0) - discount;
          total += discount;
        });
      }
      expect(total).toBeLessThanOrEqual(subtotal);
    },
  );

  test.prop([
    fc.integer({ min: 0, max: 10_000_000 }),
    fc.array(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 10 }),
  ])(
    "spreads a fixed amount exactly: the shares add up to the amount (capped at the total) and none exceeds its line",
    (amount, weights) => {
      const shares = spreadProportionally(amount, weights);
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(Math.min(amount, total));
      shares.forEach((share, i) => expect(share).toBeLessThanOrEqual(weights[i] ?? 0));
    },
  );
});
