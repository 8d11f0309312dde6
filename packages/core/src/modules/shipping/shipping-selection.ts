import type { z } from "zod";
import type { AppError } from "../../kernel/app-error.js";
import { shippingErrors } from "./shipping-errors.js";
import type { ShippingQuote } from "./shipping-quote.js";
import type { shippingMethodSchema } from "./shipping-schemas.js";

/** A chosen option, priced: what the cart shows and the order keeps. */
export type ShippingMethod = z.output<typeof shippingMethodSchema>;

/** The chosen options of a quote, or why they cannot be charged. */
export interface ShippingSelection {
  methods: ShippingMethod[];
  /** What the buyer pays for shipping (each method's gross). */
  total: number;
  /** The tax inside `total`. */
  taxTotal: number;
  /** SHIPPING_REQUIRED or SHIPPING_OPTION_UNAVAILABLE; null when checkout can charge the selection. */
  failure: AppError | null;
}

/**
 * Matches the chosen option ids to the quote's groups: each group needs one of its own options among
 * them, applicable now (else SHIPPING_OPTION_UNAVAILABLE); a group without a choice is SHIPPING_REQUIRED,
 * or SHIPPING_OPTION_UNAVAILABLE when an id names no option the cart could use (deleted, deactivated, of
 * a profile no line ships with: a stale choice). Ids of options whose group the cart no longer has are
 * ignored. A quote that requires nothing selects nothing.
 */
export function selectShipping(quote: ShippingQuote, optionIds: readonly string[]): ShippingSelection {
  const methods: ShippingMethod[] = [];
  let failure: AppError | null = null;
  if (quote.isRequired) {
    const known = new Set(quote.groups.flatMap((group) => group.options.map((option) => option.id)));
    for (const group of quote.groups) {
      const chosen = group.options.find((option) => optionIds.includes(option.id));
      if (!chosen) {
        const stale = optionIds.find((id) => !known.has(id));
        failure ??= stale
          ? shippingErrors.unavailable(stale, "UNKNOWN_OPTION")
          : shippingErrors.required(group.profileId);
        continue;
      }
      if (!chosen.isApplicable) {
        failure ??= shippingErrors.unavailable(chosen.id, chosen.reason ?? "NOT_APPLICABLE");
        continue;
      }
      methods.push({
        optionId: chosen.id,
        profileId: group.profileId,
        name: chosen.name,
        calculator: chosen.calculator,
        isPickup: chosen.isPickup,
        warehouseId: chosen.warehouseId,
        amount: chosen.amount,
        taxClassId: chosen.taxClassId,
        taxRateBps: chosen.taxRateBps,
        net: chosen.net,
        tax: chosen.tax,
        gross: chosen.gross,
      });
    }
  }
  return {
    methods,
    total: methods.reduce((sum, method) => sum + method.gross, 0),
    taxTotal: methods.reduce((sum, method) => sum + method.tax, 0),
    failure,
  };
}
