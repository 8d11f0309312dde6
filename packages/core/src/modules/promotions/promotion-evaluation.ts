import type { Kysely, Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { AppError } from "../../kernel/app-error.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { isLineEligible, lineDiscounts, type DiscountLine } from "./promotion-discounts.js";
import { readPromotionsByCode } from "./promotion-operations.js";
import { promotionsScope, type PromotionRow, type PromotionsContext } from "./promotions-context.js";
import { promotionsErrors } from "./promotions-errors.js";
import type { PromotionType } from "./promotions-tables.js";

/** Why a promotion does not apply. */
export type IneligibleReason =
  | "INACTIVE"
  | "NOT_STARTED"
  | "EXPIRED"
  | "CURRENCY_MISMATCH"
  | "USAGE_LIMIT_REACHED"
  | "CUSTOMER_REQUIRED"
  | "CUSTOMER_LIMIT_REACHED"
  | "CUSTOMER_GROUP_NOT_ELIGIBLE"
  | "MINIMUM_SUBTOTAL_NOT_MET"
  | "NO_ELIGIBLE_ITEMS"
  | "NOT_STACKABLE"
  | "DUPLICATE_CODE";

/** A cart line as callers name it: what and how many, never a price. */
export interface EvaluationLineInput {
  entityId: string;
  variantId?: string | null | undefined;
  quantity: number;
}

export interface EvaluateInput {
  organizationId: string;
  currency: string;
  /** Codes in the order they are applied; each one sees what the earlier ones left. */
  codes: readonly string[];
  lineItems: readonly EvaluationLineInput[];
  customerId?: string | null | undefined;
  customerGroupIds?: readonly string[] | undefined;
  /** @default now */
  at?: Date;
  /**
   * Whether lines may name unpublished entities (a caller with catalog:read:unpublished). Otherwise an
   * unpublished entity is answered as one that does not exist: evaluating it must not reveal that it
   * exists, nor its price. @default false
   */
  isUnpublishedVisible?: boolean;
}

/** A line priced by the pricing service, with the discount of every applicable promotion. */
export interface EvaluatedLine {
  entityId: string;
  variantId: string | null;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  discount: number;
}

/** What one code does to the cart. */
export interface PromotionOutcome {
  code: string;
  promotionId: string;
  type: PromotionType;
  isApplicable: boolean;
  reason: IneligibleReason | null;
  /** Total discount of this promotion, minor units (0 when not applicable). */
  discount: number;
  isFreeShipping: boolean;
  /** This promotion's discount per line, in line order. */
  lineDiscounts: number[];
}

export interface Evaluation {
  currency: string;
  subtotal: number;
  lines: EvaluatedLine[];
  promotions: PromotionOutcome[];
  totalDiscount: number;
}

/**
 * Prices the lines through `services.pricing`, then applies the codes in order. Conditions: active and
 * inside the validity window, currency, total and per-customer usage, customer groups, minimum subtotal
 * (of the undiscounted, server-priced lines), eligible entities or categories (at least one line). Stacking:
 * a promotion that is not stackable applies only alone: it is refused after another applied, and once it
 * applied nothing else does. Nothing is redeemed here.
 */
export async function evaluatePromotions(
  context: PromotionsContext,
  input: EvaluateInput,
  options?: TxOptions,
): Promise<Evaluation> {
  const db = options?.trx ?? context.database.db;
  const { organizationId } = input;
  const at = input.at ?? new Date();
  const promotions = await readPromotionsByCode(db, organizationId, input.codes);
  for (const code of input.codes) if (!promotions.has(code.toLowerCase())) throw promotionsErrors.codeNotFound(code);

  const needsCategories = [...promotions.values()].some((promotion) => promotion.eligibleCategoryIds.length > 0);
  const lines = await priceLines(context, input, needsCategories, options);
  const subtotal = lines.reduce((sum, line) => sum + line.totalPrice, 0);
  if (!Number.isSafeInteger(subtotal))
    throw AppError.validation([{ path: "body.lineItems", message: "the cart total is too large" }]);
  const usage = await customerUsage(db, organizationId, input.customerId ?? null, [...promotions.values()]);

  const remaining = lines.map((line) => line.totalPrice);
  const outcomes: PromotionOutcome[] = [];
  const seen = new Set<string>();
  let hasApplied = false;
  let hasExclusive = false;
  for (const code of input.codes) {
    const promotion = promotions.get(code.toLowerCase()) as PromotionRow;
    let reason = seen.has(promotion.id)
      ? "DUPLICATE_CODE"
      : ineligibility(promotion, { ...input, at, subtotal, lines, used: usage.get(promotion.id) ?? 0 });
    if (!reason && hasApplied && (hasExclusive || !promotion.isStackable)) reason = "NOT_STACKABLE";
    seen.add(promotion.id);
    const discounts = reason
      ? lines.map(() => 0)
      : lineDiscounts({ ...promotion, value: Number(promotion.value) }, lines, remaining);
    if (!reason) {
      hasApplied = true;
      hasExclusive ||= !promotion.isStackable;
      discounts.forEach((discount, i) => {
        remaining[i] = (remaining[i] ?? 0) - discount;
        (lines[i] as EvaluatedLine).discount += discount;
      });
    }
    outcomes.push({
      code: promotion.code,
      promotionId: promotion.id,
      type: promotion.type,
      isApplicable: reason === null,
      reason,
      discount: discounts.reduce((sum, discount) => sum + discount, 0),
      isFreeShipping: reason === null && promotion.type === "free_shipping",
      lineDiscounts: discounts,
    });
  }
  const plain = lines.map(({ categoryIds: _categoryIds, ...line }) => line);
  return {
    currency: input.currency,
    subtotal,
    lines: plain,
    promotions: outcomes,
    totalDiscount: plain.reduce((sum, line) => sum + line.discount, 0),
  };
}

function ineligibility(
  promotion: PromotionRow,
  cart: {
    currency: string;
    at: Date;
    subtotal: number;
    lines: readonly DiscountLine[];
    customerId?: string | null | undefined;
    customerGroupIds?: readonly string[] | undefined;
    used: number;
  },
): IneligibleReason | null {
  if (!promotion.isActive) return "INACTIVE";
  if (promotion.validFrom > cart.at) return "NOT_STARTED";
  if (promotion.validUntil && promotion.validUntil <= cart.at) return "EXPIRED";
  if (promotion.currency && promotion.currency !== cart.currency) return "CURRENCY_MISMATCH";
  if (promotion.usageLimit !== null && promotion.used >= promotion.usageLimit) return "USAGE_LIMIT_REACHED";
  if (promotion.perCustomerLimit !== null) {
    if (!cart.customerId) return "CUSTOMER_REQUIRED";
    if (cart.used >= promotion.perCustomerLimit) return "CUSTOMER_LIMIT_REACHED";
  }
  if (
    promotion.customerGroupIds.length > 0 &&
    !promotion.customerGroupIds.some((group) => cart.customerGroupIds?.includes(group))
  )
    return "CUSTOMER_GROUP_NOT_ELIGIBLE";
  if (promotion.minSubtotal !== null && cart.subtotal < Number(promotion.minSubtotal))
    return "MINIMUM_SUBTOTAL_NOT_MET";
  if (!cart.lines.some((line) => isLineEligible(promotion, line))) return "NO_ELIGIBLE_ITEMS";
  return null;
}

/** Prices every line on the server: entities and variants must exist, and each line needs a price. */
async function priceLines(
  context: PromotionsContext,
  input: EvaluateInput,
  needsCategories: boolean,
  options: TxOptions | undefined,
): Promise<(EvaluatedLine & DiscountLine)[]> {
  const { catalog, pricing } = context.services;
  const entityIds = [...new Set(input.lineItems.map((line) => line.entityId))];
  const described = await catalog.describeSaleItems(
    input.organizationId,
    entityIds.map((entityId) => ({ entityId })),
    options,
  );
  const readable = [...described.values()].filter(
    (item) => input.isUnpublishedVisible === true || item.status === "active",
  );
  if (readable.length !== entityIds.length) throw AppError.notFound("Catalog entity");
  for (const line of input.lineItems)
    if (line.variantId) await catalog.requireVariant(input.organizationId, line.entityId, line.variantId, options);
  const [prices, sources] = await Promise.all([
    pricing.resolve(
      {
        organizationId: input.organizationId,
        currency: input.currency,
        customerGroupIds: input.customerGroupIds ?? [],
        lines: input.lineItems,
      },
      options,
    ),
    // Categories only matter to promotions that name some (the catalog answers them in a few queries).
    needsCategories ? catalog.searchSources(input.organizationId, { entityIds }, options) : Promise.resolve([]),
  ]);
  const categories = new Map(sources.map((source) => [source.id, source.categoryIds]));
  return input.lineItems.map((line, index) => {
    const price = prices[index];
    if (!price)
      throw AppError.validation([
        { path: `body.lineItems.${index}`, message: `no ${input.currency} price for this item` },
      ]);
    if (!Number.isSafeInteger(price.amount * line.quantity))
      throw AppError.validation([{ path: `body.lineItems.${index}.quantity`, message: "the line total is too large" }]);
    return {
      entityId: line.entityId,
      variantId: line.variantId ?? null,
      quantity: line.quantity,
      unitPrice: price.amount,
      totalPrice: price.amount * line.quantity,
      discount: 0,
      categoryIds: categories.get(line.entityId) ?? [],
    };
  });
}

async function customerUsage(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
  customerId: string | null,
  promotions: readonly PromotionRow[],
): Promise<Map<string, number>> {
  const limited = promotions
    .filter((promotion) => promotion.perCustomerLimit !== null)
    .map((promotion) => promotion.id);
  if (!customerId || limited.length === 0) return new Map();
  const rows = await promotionsScope(db, organizationId)
    .selectFrom("promotionCustomerUsages")
    .select(["promotionId", "used"])
    .where("customerId", "=", customerId)
    .where("promotionId", "in", limited)
    .execute();
  return new Map(rows.map((row) => [row.promotionId, row.used]));
}
