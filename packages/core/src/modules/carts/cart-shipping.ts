import type { Services } from "../../kernel/contexts.js";
import type { TxOptions } from "../../kernel/transaction.js";
import type { ShippingAddress, ShippingQuote } from "../shipping/index.js";
import type { CartQuote } from "./cart-quote.js";

/** What a cart's shipping is quoted from: the cart's terms, where it goes, and its lines priced now. */
export interface CartShippingInput {
  organizationId: string;
  currency: string;
  isTaxInclusive: boolean;
  address: ShippingAddress | null;
  quote: CartQuote;
  /** Price only the cart's chosen options (its answer, checkout); omitted: every option (the options route). */
  onlyOptionIds?: readonly string[] | undefined;
}

/**
 * Quotes the shipping of a priced cart (`services.shipping.quote`): its sellable lines at their
 * discounted amounts, free when an applied promotion is a `free_shipping` one. The cart's answer and
 * checkout both use this, so a cart shows the shipping checkout charges.
 */
export function quoteCartShipping(
  services: Services,
  input: CartShippingInput,
  options?: TxOptions,
): Promise<ShippingQuote> {
  return services.shipping.quote(
    {
      organizationId: input.organizationId,
      currency: input.currency,
      isTaxInclusive: input.isTaxInclusive,
      address: input.address,
      lines: input.quote.lines
        .filter((line) => line.isAvailable)
        .map((line) => ({
          entityId: line.entityId,
          variantId: line.variantId,
          quantity: line.quantity,
          amount: line.subtotal - line.discount,
        })),
      isFreeShipping: input.quote.promotions.some((promotion) => promotion.isApplicable && promotion.isFreeShipping),
      onlyOptionIds: input.onlyOptionIds,
    },
    options,
  );
}

/** The address tax rates read (country and region) of a shipping address. */
export const taxAddressOf = (address: ShippingAddress | null | undefined) =>
  address ? { country: address.country, region: address.state } : undefined;
