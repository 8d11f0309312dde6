import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { AppError } from "../../kernel/app-error.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { canReachCart, type CartCaller } from "./cart-access.js";
import { promotionsErrorReasons } from "../promotions/index.js";
import { shippingErrorReasons, type ShippingQuote } from "../shipping/index.js";
import { quoteCart } from "./cart-quote.js";
import { quoteCartShipping, taxAddressOf } from "./cart-shipping.js";
import {
  CART_COLUMNS,
  CART_ITEM_COLUMNS,
  cartsScope,
  toCartRecord,
  type CartItemRecord,
  type CartRow,
  type CartsContext,
} from "./carts-context.js";
import { cartsErrors } from "./carts-errors.js";
import type { cartSchema, priceChangeSchema } from "./carts-schemas.js";

/** A cart as the routes answer it. */
export type Cart = z.output<typeof cartSchema>;

/** A line whose client-shown price differs from the server's. */
export type PriceChange = z.output<typeof priceChangeSchema>;

/** A cart answer and the price differences the client should show (`meta.priceChanges`). */
export interface CartView {
  cart: Cart;
  priceChanges: PriceChange[];
  /** Why checkout would refuse the cart's shipping now (the error it would answer); not part of the answer. */
  shippingFailure?: AppError | null;
  /** Every option of every shipping group, priced (for `GET /carts/:id/shipping-options`); not part of the answer. */
  shippingQuote?: ShippingQuote;
}

/** What a caller previews on a cart: promotion codes (nothing redeemed). */
export interface CartPreview {
  promotionCodes?: readonly string[] | undefined;
  /** Price every shipping option (`GET /carts/:id/shipping-options`), not only the chosen ones. @default false */
  isQuotingEveryShippingOption?: boolean;
}

/**
 * Reads a cart the caller may reach (see `canReachCart`; `caller: null` is a trusted caller, checked
 * elsewhere), optionally taking its row lock (every change does, so changes of one cart run one at a
 * time). Missing, expired, another organization's, or not the caller's: 404, all alike.
 */
export async function requireCart(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  input: { organizationId: string; cartId: string; caller: CartCaller | null; lock?: boolean },
): Promise<CartRow> {
  let query = cartsScope(db, input.organizationId)
    .selectFrom("carts")
    .select(CART_COLUMNS)
    .where("id", "=", input.cartId);
  if (input.lock) query = query.forUpdate();
  return reachableCart(await query.executeTakeFirst(), input.caller);
}

/** `row` when it is a live cart `caller` may reach (`null`: a trusted caller); else the 404 of `requireCart`. */
export function reachableCart(row: CartRow | undefined, caller: CartCaller | null): CartRow {
  if (!row || row.expiresAt <= new Date() || (caller && !canReachCart(row, caller))) throw cartsErrors.cartNotFound();
  return row;
}

/** The cart's lines in the order they were added. */
export async function readCartItems(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
  cartId: string,
): Promise<CartItemRecord[]> {
  return cartsScope(db, organizationId)
    .selectFrom("cartItems")
    .select(CART_ITEM_COLUMNS)
    .where("cartId", "=", cartId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

/**
 * Prices a cart for its answer with the groups of the cart's customer, read from their profile
 * (`services.customers.groupIdsOf`): the cart's customer was settled when it was made (the session's, or
 * one staff named with `orders:create:on-behalf`), so nothing the client sends chooses the groups. A
 * guest cart gets base prices. An unknown preview code is a 422 on `query.promotionCodes`.
 */
export async function viewCart(
  context: CartsContext,
  organizationId: string,
  row: CartRow,
  preview: CartPreview,
  options?: TxOptions,
): Promise<CartView> {
  const items = await readCartItems(options?.trx ?? context.db, organizationId, row.id);
  const customerGroupIds =
    row.customerId === null ? [] : await context.services.customers.groupIdsOf(organizationId, row.customerId, options);
  const quote = await quoteCart(
    context.services,
    {
      organizationId,
      currency: row.currency,
      isTaxInclusive: row.isTaxInclusive,
      items,
      customerId: row.customerId,
      promotionCodes: preview.promotionCodes ?? [],
      customerGroupIds,
      address: taxAddressOf(row.shippingAddress),
    },
    options,
  ).catch((error: unknown) => {
    if (error instanceof AppError && promotionsErrorReasons.reasonOf(error) === "PROMOTION_CODE_NOT_FOUND") {
      throw cartsErrors.invalid("query.promotionCodes", error.message);
    }
    throw error;
  });
  const shippingQuote = await quoteCartShipping(
    context.services,
    {
      organizationId,
      currency: row.currency,
      isTaxInclusive: row.isTaxInclusive,
      address: row.shippingAddress,
      quote,
      onlyOptionIds: preview.isQuotingEveryShippingOption ? undefined : row.shippingOptionIds,
    },
    options,
  );
  const shipping = context.services.shipping.select(shippingQuote, row.shippingOptionIds);
  const failureReason = shippingErrorReasons.reasonOf(shipping.failure);
  const cart: Cart = {
    ...toCartRecord(row),
    items: quote.lines.map(({ unavailableReason: _reason, slug: _slug, ...line }) => line),
    promotions: quote.promotions.map(({ code, isApplicable, reason, discount, isFreeShipping }) => ({
      code,
      isApplicable,
      reason,
      discount,
      isFreeShipping,
    })),
    shipping: {
      isRequired: shippingQuote.isRequired,
      methods: shipping.methods,
      failureReason:
        failureReason === "SHIPPING_REQUIRED" || failureReason === "SHIPPING_OPTION_UNAVAILABLE" ? failureReason : null,
    },
    subtotal: quote.subtotal,
    discountTotal: quote.discountTotal,
    taxTotal: quote.taxTotal,
    shippingTotal: shipping.total,
    shippingTaxTotal: shipping.taxTotal,
    total: quote.total + shipping.total,
  };
  const priceChanges = quote.lines
    .filter((line) => line.unitPriceSnapshot !== null && line.unitPriceSnapshot !== line.unitPrice)
    .map((line) => ({
      itemId: line.id,
      entityId: line.entityId,
      variantId: line.variantId,
      snapshot: line.unitPriceSnapshot as number,
      price: line.unitPrice,
    }));
  return { cart, priceChanges, shippingFailure: shipping.failure, shippingQuote };
}
