import type { CartQuote } from "../carts/index.js";
import type { CreateOrderInput } from "../orders/index.js";
import { checkoutFailed } from "./checkout-errors.js";
import type { CheckoutInput } from "./checkout-schemas.js";

/** The order checkout is about to write, as `checkout.beforeCreate` handlers see and may change it. */
export type CheckoutDraft = Omit<CreateOrderInput, "organizationId" | "actor" | "cartId" | "id">;

type ShippingAddress = NonNullable<CheckoutDraft["shippingAddress"]>;

/** The address's own fields (an absent `state` stays absent). */
const addressOf = (address: ShippingAddress | null | undefined): ShippingAddress | null =>
  address
    ? {
        line1: address.line1,
        city: address.city,
        ...(address.state ? { state: address.state } : {}),
        postalCode: address.postalCode,
        country: address.country,
      }
    : null;

/** The order's draft from a quote every line of which is sellable and every code of which applies. */
export function draftOrder(input: {
  body: CheckoutInput;
  quote: CartQuote;
  customerId: string | null;
  isTaxInclusive: boolean;
  /** Where the order ships: the checkout's `shippingAddress`, else the cart's. */
  shippingAddress: ShippingAddress | null;
  /** Shipping charged, its tax included (`taxTotal`), and the methods it is made of. */
  shipping: { total: number; taxTotal: number; methods: NonNullable<CheckoutDraft["shippingMethods"]> };
}): CheckoutDraft {
  const { body, quote, shipping } = input;
  return {
    customerId: input.customerId,
    currency: body.currency,
    isTaxInclusive: input.isTaxInclusive,
    paymentMethodId: body.paymentMethodId,
    shippingAddress: addressOf(input.shippingAddress),
    promotionCodes: quote.promotions.map((promotion) => promotion.code),
    subtotal: quote.subtotal,
    discountTotal: quote.discountTotal,
    taxTotal: quote.taxTotal,
    shippingTotal: shipping.total,
    shippingTaxTotal: shipping.taxTotal,
    shippingMethods: shipping.methods,
    total: quote.total + shipping.total,
    lines: quote.lines.map((line) => ({
      entityId: line.entityId,
      variantId: line.variantId,
      title: line.title ?? line.slug,
      sku: line.sku,
      quantity: line.quantity,
      unitPrice: line.unitPrice ?? 0,
      subtotal: line.subtotal,
      discount: line.discount,
      tax: line.tax,
      total: line.total,
      taxRateBps: line.taxRateBps,
    })),
  };
}

const isAmount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * What a `checkout.beforeCreate` handler answered, checked (`assertHookChange`) and reduced to the
 * draft's own fields: whatever else a handler added never reaches the order's insert.
 */
export function acceptedDraft(before: CheckoutDraft, after: CheckoutDraft): CheckoutDraft {
  assertHookChange(before, after);
  return {
    customerId: after.customerId,
    currency: after.currency,
    isTaxInclusive: after.isTaxInclusive,
    paymentMethodId: after.paymentMethodId,
    shippingAddress: addressOf(after.shippingAddress),
    promotionCodes: [...after.promotionCodes],
    subtotal: after.subtotal,
    discountTotal: after.discountTotal,
    taxTotal: after.taxTotal,
    shippingTotal: after.shippingTotal ?? 0,
    // Shipping cannot change (`assertHookChange`): the methods are the ones checkout priced.
    shippingTaxTotal: before.shippingTaxTotal ?? 0,
    shippingMethods: [...(before.shippingMethods ?? [])],
    total: after.total,
    lines: after.lines.map(
      ({ entityId, variantId, title, sku, quantity, unitPrice, subtotal, discount, tax, total, taxRateBps }) => ({
        entityId,
        variantId,
        title,
        sku,
        quantity,
        unitPrice,
        subtotal,
        discount,
        tax,
        total,
        taxRateBps,
      }),
    ),
  };
}

/**
 * Checks what a `checkout.beforeCreate` handler answered. It may change the customer, the address, the
 * payment method, titles, and the money of each line as long as the arithmetic holds (a surcharge, a
 * loyalty discount); it may not change what is sold (the stock is taken after the hook, for the lines
 * as quoted), the currency, the tax mode or the promotion codes (they are redeemed as evaluated).
 * Anything else is a CHECKOUT_FAILED `INVALID_HOOK_CHANGE`, since a broken plugin must not write a wrong order.
 */
export function assertHookChange(before: CheckoutDraft, after: CheckoutDraft): void {
  const invalid = (why: string) =>
    checkoutFailed("INVALID_HOOK_CHANGE", `A checkout.beforeCreate hook answered an invalid order: ${why}`);
  if (after.currency !== before.currency || after.isTaxInclusive !== before.isTaxInclusive)
    throw invalid("the currency and tax mode cannot change");
  if (after.promotionCodes.join("\n") !== before.promotionCodes.join("\n"))
    throw invalid("the promotion codes cannot change");
  if (
    (after.shippingTotal ?? 0) !== (before.shippingTotal ?? 0) ||
    (after.shippingTaxTotal ?? 0) !== (before.shippingTaxTotal ?? 0) ||
    JSON.stringify(after.shippingMethods ?? []) !== JSON.stringify(before.shippingMethods ?? [])
  )
    throw invalid("the shipping charged cannot change");
  if (after.lines.length !== before.lines.length) throw invalid("what is sold cannot change");
  after.lines.forEach((line, index) => {
    const original = before.lines[index];
    if (
      !original ||
      line.entityId !== original.entityId ||
      line.variantId !== original.variantId ||
      line.quantity !== original.quantity
    )
      throw invalid("what is sold cannot change");
    if (![line.unitPrice, line.subtotal, line.discount, line.tax, line.total, line.taxRateBps].every(isAmount))
      throw invalid(`line ${index}: amounts are non-negative integers of minor units`);
    if (line.subtotal !== line.unitPrice * line.quantity || line.discount > line.subtotal)
      throw invalid(`line ${index}: subtotal is unitPrice × quantity, discount at most the subtotal`);
    if (line.total !== line.subtotal - line.discount + (after.isTaxInclusive ? 0 : line.tax))
      throw invalid(`line ${index}: total is subtotal − discount${after.isTaxInclusive ? "" : " + tax"}`);
    if (typeof line.title !== "string" || line.title.length === 0) throw invalid(`line ${index}: a title is required`);
  });
  const sum = (pick: (line: CheckoutDraft["lines"][number]) => number) =>
    after.lines.reduce((total, line) => total + pick(line), 0);
  if (
    after.subtotal !== sum((line) => line.subtotal) ||
    after.discountTotal !== sum((line) => line.discount) ||
    after.taxTotal !== sum((line) => line.tax) ||
    after.total !== sum((line) => line.total) + (after.shippingTotal ?? 0)
  ) {
    throw invalid("the order's totals are the sums of its lines (the total plus shipping)");
  }
}
