import type { CommissionRule } from "./commission-rules.js";

/** What a line's commission was computed from, recorded on the sub-order line. */
export interface LineCommission {
  commission: number;
  commissionRuleId: string | null;
  commissionType: "percentage" | "fixed" | null;
  commissionRateBps: number | null;
}

const specificity = (rule: CommissionRule): number => (rule.vendorId ? 2 : 0) + (rule.categoryId ? 1 : 0);

/**
 * The rule for a line: among the active rules that match it (a vendor rule that vendor's lines, a
 * category rule the lines of entities in that category, a default rule every line), the highest
 * priority, then the most specific (vendor and category, vendor, category, default), then the oldest.
 * `rules` come highest priority first, then oldest (`activeRules`), so the first best match wins.
 */
export function pickRule(
  rules: readonly CommissionRule[],
  line: { vendorId: string; categoryIds: ReadonlySet<string> },
): CommissionRule | null {
  let best: CommissionRule | null = null;
  for (const rule of rules) {
    if (rule.vendorId !== null && rule.vendorId !== line.vendorId) continue;
    if (rule.categoryId !== null && !line.categoryIds.has(rule.categoryId)) continue;
    if (
      best === null ||
      rule.priority > best.priority ||
      (rule.priority === best.priority && specificity(rule) > specificity(best))
    )
      best = rule;
  }
  return best;
}

/**
 * A line's commission in minor units: `rateBps` of its total (half away from zero, the usual rounding
 * of money), or `amount` per unit; never below 0, never above what the customer paid for the line.
 */
export function lineCommission(rule: CommissionRule | null, line: { total: number; quantity: number }): LineCommission {
  if (rule === null) return { commission: 0, commissionRuleId: null, commissionType: null, commissionRateBps: null };
  const raw =
    rule.type === "percentage"
      ? Math.round((line.total * (rule.rateBps ?? 0)) / 10_000)
      : (rule.amount ?? 0) * line.quantity;
  return {
    commission: Math.min(Math.max(raw, 0), Math.max(line.total, 0)),
    commissionRuleId: rule.id,
    commissionType: rule.type,
    commissionRateBps: rule.type === "percentage" ? rule.rateBps : null,
  };
}

/**
 * The commission given back when `refunded` of a line's `total` has been refunded in all: the line's
 * commission in the same proportion, computed on the running total so repeated partial refunds never
 * drift from what one full refund gives back.
 */
export const commissionRefundedFor = (line: { total: number; commission: number }, refunded: number): number =>
  line.total <= 0 ? line.commission : Math.round((line.commission * Math.min(refunded, line.total)) / line.total);
