import { AppError } from "../../kernel/app-error.js";
import type { Services } from "../../kernel/contexts.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { saleItemKey } from "../catalog/index.js";
import type { PromotionOutcome } from "../promotions/index.js";
import type { CartItemRecord } from "./carts-context.js";

/** Why a line cannot be sold now. */
export type UnavailableReason = "ITEM_UNAVAILABLE" | "PRICE_MISSING";

export interface QuoteInput {
  organizationId: string;
  currency: string;
  isTaxInclusive: boolean;
  items: readonly CartItemRecord[];
  /** For per-customer promotion limits. */
  customerId: string | null;
  /** Applied in order; nothing is redeemed. */
  promotionCodes: readonly string[];
  /** Groups whose prices and promotions apply (only callers allowed to name them pass any). */
  customerGroupIds: readonly string[];
  /** Where the goods go: selects runtime region tax rates. */
  address?: { country: string; region?: string | null | undefined } | undefined;
}

/** A cart line priced now. */
export interface QuotedLine extends CartItemRecord {
  title: string | null;
  /** The entity's slug (empty when it is gone): what an order line is titled by when the entity has no title. */
  slug: string;
  sku: string | null;
  unitPrice: number | null;
  isAvailable: boolean;
  unavailableReason: UnavailableReason | null;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  taxRateBps: number;
}

export interface CartQuote {
  lines: QuotedLine[];
  promotions: PromotionOutcome[];
  subtotal: number;
  discountTotal: number;
  taxTotal: number;
  total: number;
}

/**
 * Prices cart lines the way checkout charges them, from the server's data only: what is sold and whether
 * it is published (catalog), the unit price (pricing, with `customerGroupIds`), the promotions' discount
 * per line (promotions, on the available lines), and tax on each discounted line (tax). A line whose
 * entity is gone or unpublished, or that has no price, is quoted at 0 and flagged; checkout refuses it.
 * Client prices are never read. The cart and checkout both use this, so a cart shows what checkout charges
 * (with the same codes, groups and address).
 */
export async function quoteCart(services: Services, input: QuoteInput, options?: TxOptions): Promise<CartQuote> {
  const { organizationId, currency } = input;
  const [described, prices] = await Promise.all([
    services.catalog.describeSaleItems(organizationId, input.items, options),
    services.pricing.resolve(
      { organizationId, currency, customerGroupIds: input.customerGroupIds, lines: input.items },
      options,
    ),
  ]);
  const lines = input.items.map((item, index): QuotedLine => {
    const sale = described.get(saleItemKey(item));
    const unitPrice = prices[index]?.amount ?? null;
    const unavailableReason: UnavailableReason | null =
      !sale || sale.status !== "active" ? "ITEM_UNAVAILABLE" : unitPrice === null ? "PRICE_MISSING" : null;
    const subtotal = unavailableReason ? 0 : (unitPrice ?? 0) * item.quantity;
    return {
      ...item,
      title: sale?.title ?? null,
      slug: sale?.slug ?? "",
      sku: sale?.sku ?? null,
      unitPrice,
      isAvailable: unavailableReason === null,
      unavailableReason,
      subtotal,
      discount: 0,
      tax: 0,
      total: subtotal,
      taxRateBps: 0,
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.subtotal, 0);
  if (!Number.isSafeInteger(subtotal))
    throw AppError.validation([
      { path: "cart", message: "the cart total exceeds the largest amount the store handles" },
    ]);

  const available = lines.filter((line) => line.isAvailable);
  let promotions: PromotionOutcome[] = [];
  if (input.promotionCodes.length > 0 && available.length > 0) {
    const evaluation = await services.promotions.evaluate(
      {
        organizationId,
        currency,
        codes: input.promotionCodes,
        lineItems: available,
        customerId: input.customerId,
        customerGroupIds: input.customerGroupIds,
      },
      options,
    );
    promotions = evaluation.promotions;
    evaluation.lines.forEach((evaluated, index) => {
      (available[index] as QuotedLine).discount = evaluated.discount;
    });
  }
  if (available.length > 0) {
    const taxed = await services.tax.calculate(
      {
        organizationId,
        isTaxInclusive: input.isTaxInclusive,
        address: input.address,
        lines: available.map((line) => ({
          entityId: line.entityId,
          variantId: line.variantId,
          amount: line.subtotal - line.discount,
        })),
      },
      options,
    );
    taxed.lines.forEach((taxedLine, index) => {
      const line = available[index] as QuotedLine;
      line.tax = taxedLine.tax;
      line.taxRateBps = taxedLine.rateBps;
      line.total = input.isTaxInclusive ? line.subtotal - line.discount : line.subtotal - line.discount + taxedLine.tax;
    });
  }
  const sum = (pick: (line: QuotedLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    lines,
    promotions,
    subtotal,
    discountTotal: sum((line) => line.discount),
    taxTotal: sum((line) => line.tax),
    total: sum((line) => line.total),
  };
}
