import { fc, test } from "@fast-check/vitest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/index.js";
import { call, createEntity } from "../catalog/testing.js";
import { divideRounded, MAX_MINOR_UNITS } from "../../money/money-rounding.js";
import { PERCENTAGE_BOUNDS } from "./modifier-operations.js";
import { applyModifiers, pickPrice, type ModifierRule } from "./price-resolution.js";

const modifierArbitrary: fc.Arbitrary<ModifierRule> = fc.oneof(
  fc.record({
    id: fc.uuid(),
    kind: fc.constant("percentage" as const),
    value: fc.integer(PERCENTAGE_BOUNDS),
    priority: fc.integer({ min: -5, max: 5 }),
  }),
  fc.record({
    id: fc.uuid(),
    kind: fc.constant("fixed" as const),
    value: fc.integer({ min: -MAX_MINOR_UNITS, max: MAX_MINOR_UNITS }),
    priority: fc.integer({ min: -5, max: 5 }),
  }),
);
const amountArbitrary = fc.integer({ min: 0, max: MAX_MINOR_UNITS });

describe("price resolution (properties)", () => {
  test.prop([amountArbitrary, fc.array(modifierArbitrary, { maxLength: 8 })])(
    "never resolves a negative or fractional price",
    (base, modifiers) => {
      const { amount, applied } = applyModifiers(base, modifiers);
      expect(Number.isSafeInteger(amount)).toBe(true);
      expect(amount).toBeGreaterThanOrEqual(0);
      expect(amount).toBeLessThanOrEqual(MAX_MINOR_UNITS);
      expect(applied.reduce((sum, step) => sum + step.delta, base)).toBe(amount);
      for (const step of applied) expect(Number.isInteger(step.delta)).toBe(true);
    },
  );

  test.prop([
    amountArbitrary,
    fc
      .array(modifierArbitrary, { maxLength: 8 })
      .chain((list) =>
        fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length })),
      ),
  ])(
    "applies modifiers in one order whatever order they are stored in: percentages, then fixed, by priority",
    (base, [modifiers, shuffled]) => {
      const { amount, applied } = applyModifiers(base, modifiers);
      expect(applyModifiers(base, shuffled).amount).toBe(amount);
      const kinds = applied.map((step) => step.kind);
      expect(kinds).toEqual([...kinds].sort((a, b) => (a === b ? 0 : a === "percentage" ? -1 : 1)));
    },
  );

  test.prop([fc.bigInt({ min: -(2n ** 53n - 1n), max: 2n ** 53n - 1n }), fc.bigInt({ min: 1n, max: 10n ** 6n })])(
    "rounds half away from zero, exactly",
    (numerator, denominator) => {
      const result = BigInt(divideRounded(numerator, denominator));
      const error = result * denominator - numerator;
      // Within half a unit of the exact quotient…
      expect(2n * (error < 0n ? -error : error) <= denominator).toBe(true);
      // …and on a tie, away from zero.
      if (2n * (error < 0n ? -error : error) === denominator)
        expect(result < 0n ? -result : result).toBeGreaterThan((numerator < 0n ? -numerator : numerator) / denominator);
    },
  );

  it("rounds the documented examples", () => {
    expect([
      divideRounded(5, 2),
      divideRounded(-5, 2),
      divideRounded(25, 10),
      divideRounded(24, 10),
      divideRounded(-26, 10),
    ]).toEqual([3, -3, 3, 2, -3]);
  });

  test.prop([
    fc.array(
      fc.record({
        id: fc.uuid(),
        entityId: fc.constantFrom("e1", "e2"),
        variantId: fc.constantFrom(null, "v1", "v2"),
        customerGroupId: fc.constantFrom(null, "g1", "g2"),
        amount: fc.integer({ min: 0, max: 10_000 }),
      }),
      { maxLength: 12 },
    ),
    fc.constantFrom(null, "v1", "v2"),
  ])(
    "picks the variant price over the entity price, and a group price over the base price at each level",
    (candidates, variantId) => {
      const line = { entityId: "e1", variantId };
      const chosen = pickPrice(candidates, line);
      const mine = candidates.filter((c) => c.entityId === "e1");
      const variantLevel = variantId ? mine.filter((c) => c.variantId === variantId) : [];
      const level = variantLevel.length > 0 ? variantLevel : mine.filter((c) => c.variantId === null);
      if (level.length === 0) {
        expect(chosen).toBeNull();
        return;
      }
      const groups = level.filter((c) => c.customerGroupId !== null);
      expect(chosen?.variantId).toBe(level[0]?.variantId);
      if (groups.length > 0) expect(chosen?.amount).toBe(Math.min(...groups.map((c) => c.amount)));
      else expect(chosen?.customerGroupId).toBeNull();
    },
  );
});

describe("price resolution through the API (properties)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const apiModifier = fc.oneof(
    fc.record({
      kind: fc.constant("percentage" as const),
      value: fc.integer({ min: -10_000, max: 5_000 }),
      priority: fc.integer({ min: 0, max: 3 }),
    }),
    fc.record({
      kind: fc.constant("fixed" as const),
      value: fc.integer({ min: -50_000, max: 5_000 }),
      priority: fc.integer({ min: 0, max: 3 }),
    }),
  );

  test.prop([fc.integer({ min: 0, max: 100_000 }), fc.array(apiModifier, { maxLength: 4 }), fc.boolean()], {
    numRuns: 12,
  })(
    "a stored price with stored modifiers resolves (service and include=pricing) to a non-negative integer",
    async (amount, modifiers, isGroupCustomer) => {
      const entityId = await createEntity(t.app, { slug: `prop-${crypto.randomUUID()}` });
      await call(t.app, "POST", "/api/pricing/prices", { body: { entityId, currency: "EUR", amount } });
      await call(t.app, "POST", "/api/pricing/prices", {
        body: { entityId, currency: "EUR", customerGroupId: "club", amount: Math.floor(amount / 2) },
      });
      const created = [];
      for (const [i, modifier] of modifiers.entries()) {
        const response = await call(t.app, "POST", "/api/pricing/modifiers", {
          body: { name: `m${i}`, entityId, currency: "EUR", ...modifier },
        });
        expect(response.status).toBe(201);
        created.push({ id: response.body.data.id as string, ...modifier });
      }
      const [resolved] = await t.kernel.services.pricing.resolve({
        organizationId: "default",
        currency: "EUR",
        customerGroupIds: isGroupCustomer ? ["club"] : [],
        lines: [{ entityId }],
      });
      const base = isGroupCustomer ? Math.floor(amount / 2) : amount;
      expect(resolved?.amount).toBe(applyModifiers(base, created).amount);
      expect(Number.isSafeInteger(resolved?.amount)).toBe(true);
      expect(resolved?.amount).toBeGreaterThanOrEqual(0);
      const included = await call(t.app, "GET", `/api/catalog/entities/${entityId}?include=pricing`);
      expect(included.body.data.pricing).toEqual([
        { variantId: null, currency: "EUR", baseAmount: amount, amount: applyModifiers(amount, created).amount },
      ]);
    },
  );
});
