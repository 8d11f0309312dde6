import { basisPointsOf } from "../../money/money-rounding.js";
import type { PromotionType } from "./promotions-tables.js";

/** A cart line priced by the pricing service (never by the client). */
export interface DiscountLine {
  entityId: string;
  quantity: number;
  /** Resolved unit price, minor units. */
  unitPrice: number;
  categoryIds: readonly string[];
}

/** What the arithmetic needs of a promotion (value in its stored unit: basis points or minor units). */
export interface DiscountRule {
  type: PromotionType;
  value: number;
  eligibleEntityIds: readonly string[];
  eligibleCategoryIds: readonly string[];
  buyQuantity: number | null;
  getQuantity: number | null;
}

/** A line qualifies when the rule names neither entities nor categories, or names its entity or one of its categories. */
export function isLineEligible(
  rule: Pick<DiscountRule, "eligibleEntityIds" | "eligibleCategoryIds">,
  line: DiscountLine,
): boolean {
  if (rule.eligibleEntityIds.length === 0 && rule.eligibleCategoryIds.length === 0) return true;
  return (
    rule.eligibleEntityIds.includes(line.entityId) ||
    line.categoryIds.some((id) => rule.eligibleCategoryIds.includes(id))
  );
}

/**
 * The discount of one promotion on each line, given what is left of each line after promotions applied
 * before it (`remaining`, minor units). Every line's discount is an integer between 0 and its remaining
 * amount, so stacked promotions never discount more than the subtotal.
 *
 * - `percentage_off_order`: `value` bps of every line (order types need one eligible line, checked by the caller).
 * - `fixed_off_order`: `value` (at most what remains) spread over the lines in proportion to what remains of
 *   each; the units the integer split leaves go to the largest remainders (ties: earlier line).
 * - `percentage_off_item`, `fixed_off_item`: `value` bps of each eligible line, or `value` off each eligible unit.
 * - `buy_x_get_y`: of the eligible units, every group of buyQuantity + getQuantity makes its getQuantity
 *   cheapest units `value` bps off (10,000 = free).
 * - `free_shipping`: no line discount.
 *
 * Percentages are rounded per line, half away from zero (`basisPointsOf`).
 */
export function lineDiscounts(
  rule: DiscountRule,
  lines: readonly DiscountLine[],
  remaining: readonly number[],
): number[] {
  const cap = (index: number, discount: number) => Math.max(0, Math.min(discount, remaining[index] ?? 0));
  const eligible = (line: DiscountLine) => isLineEligible(rule, line);
  switch (rule.type) {
    case "percentage_off_order":
      return lines.map((_, i) => cap(i, basisPointsOf(remaining[i] ?? 0, rule.value)));
    case "percentage_off_item":
      return lines.map((line, i) => (eligible(line) ? cap(i, basisPointsOf(remaining[i] ?? 0, rule.value)) : 0));
    case "fixed_off_item":
      return lines.map((line, i) => (eligible(line) ? cap(i, rule.value * line.quantity) : 0));
    case "fixed_off_order":
      return spreadProportionally(rule.value, remaining);
    case "buy_x_get_y":
      return buyXGetY(rule, lines, remaining);
    case "free_shipping":
      return lines.map(() => 0);
  }
}

/** Splits `amount` (capped at the total) over `weights` in proportion, exactly, by largest remainder. */
export function spreadProportionally(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const spread = BigInt(Math.min(amount, total));
  const big = BigInt(total);
  const shares = weights.map((weight, index) => {
    const product = spread * BigInt(weight);
    return { index, share: Number(product / big), remainder: product % big };
  });
  let left = Number(spread) - shares.reduce((sum, entry) => sum + entry.share, 0);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const entry of byRemainder) {
    if (left === 0) break;
    if (entry.remainder > 0n) {
      entry.share += 1;
      left -= 1;
    }
  }
  return shares.map((entry) => entry.share);
}

function buyXGetY(rule: DiscountRule, lines: readonly DiscountLine[], remaining: readonly number[]): number[] {
  const discounts = lines.map(() => 0);
  const buy = rule.buyQuantity ?? 0;
  const get = rule.getQuantity ?? 0;
  if (buy <= 0 || get <= 0) return discounts;
  const eligible = lines.map((line, index) => ({ line, index })).filter(({ line }) => isLineEligible(rule, line));
  const units = eligible.reduce((sum, { line }) => sum + line.quantity, 0);
  let free = Math.floor(units / (buy + get)) * get;
  const cheapestFirst = [...eligible].sort((a, b) => a.line.unitPrice - b.line.unitPrice || a.index - b.index);
  for (const { line, index } of cheapestFirst) {
    if (free === 0) break;
    const taken = Math.min(free, line.quantity);
    free -= taken;
    discounts[index] = Math.max(0, Math.min(basisPointsOf(taken * line.unitPrice, rule.value), remaining[index] ?? 0));
  }
  return discounts;
}
