import { z } from "zod";
import { amountSchema } from "../../money/amount-schema.js";
import { currencySchema } from "../../money/currency-schema.js";
import { codeSchema } from "../promotions/index.js";

/** Most units of one line (one entity, or one variant) a cart holds. */
export const MAX_ITEM_QUANTITY = 999;

/** Most lines a cart holds. */
export const MAX_CART_ITEMS = 100;

/** Most promotion codes a cart preview or a checkout applies. */
export const MAX_PROMOTION_CODES = 10;

/** `open` takes edits; `checked_out` is frozen, its order made. */
export const cartStatusSchema = z.enum(["open", "checked_out"]);

/** A cart as stored: the one definition of its fields (the table and the answer derive from it). */
export const cartRecordSchema = z.object({
  id: z.string(),
  status: cartStatusSchema,
  /** ISO 4217; every price of the cart is in it. */
  currency: z.string(),
  /** The customer the cart belongs to; null for a guest cart (reached with its cart token only). */
  customerId: z.string().nullable(),
  /** The order checkout made of the cart. */
  orderId: z.string().nullable(),
  /** Whether prices include tax (the store's `carts.isTaxInclusive` setting when the cart was made). */
  isTaxInclusive: z.boolean(),
  /** Past this moment the cart is gone (404); every change moves it `carts.ttlSeconds` ahead. */
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A cart line as stored. */
export const cartItemRecordSchema = z.object({
  id: z.string(),
  entityId: z.string(),
  variantId: z.string().nullable(),
  quantity: z.number().int(),
  /** The unit price the client showed when it added the line; never charged (see `meta.priceChanges`). */
  unitPriceSnapshot: z.number().int().nullable(),
});

/** A cart line as answered: the stored line priced now by the server. */
export const cartItemSchema = cartItemRecordSchema.extend({
  /** The entity's `en` title. */
  title: z.string().nullable(),
  sku: z.string().nullable(),
  /** The server's unit price now (minor units); null when the item has no price in the cart's currency any more. */
  unitPrice: z.number().int().nullable(),
  /** False when the entity is no longer published or has no price: checkout refuses the cart then. */
  isAvailable: z.boolean(),
  /** unitPrice × quantity. */
  subtotal: z.number().int(),
  /** This line's share of the promotions' discount. */
  discount: z.number().int(),
  /** Tax on the discounted line. */
  tax: z.number().int(),
  /** What the line costs: subtotal − discount, plus tax when prices exclude it. */
  total: z.number().int(),
  taxRateBps: z.number().int(),
});

/** What one previewed promotion code does to the cart. */
export const cartPromotionSchema = z.object({
  code: z.string(),
  isApplicable: z.boolean(),
  /** Why it does not apply (`USAGE_LIMIT_REACHED`, `MINIMUM_SUBTOTAL_NOT_MET`, ...). */
  reason: z.string().nullable(),
  discount: z.number().int(),
  isFreeShipping: z.boolean(),
});

/** A cart as every cart route answers it: lines priced now, promotions previewed, tax and totals in minor units. */
export const cartSchema = cartRecordSchema.extend({
  items: z.array(cartItemSchema),
  promotions: z.array(cartPromotionSchema),
  subtotal: z.number().int(),
  discountTotal: z.number().int(),
  taxTotal: z.number().int(),
  total: z.number().int(),
});

/** The creation answer: the cart and, once, the token that reaches it. */
export const createdCartSchema = cartSchema.extend({
  /** Send it back as `x-cart-token` on every request about this cart; it is shown only here. */
  cartToken: z.string(),
});

/** A line whose price moved since the client showed it: the server's price is the one charged. */
export const priceChangeSchema = z.object({
  itemId: z.string(),
  entityId: z.string(),
  variantId: z.string().nullable(),
  snapshot: z.number().int(),
  price: z.number().int().nullable(),
});

export const createCartBody = z.object({
  currency: currencySchema,
  /** Whose cart it is; honoured only for callers holding `orders:create:on-behalf`. */
  customerId: z.string().min(1).max(200).optional(),
});

export const addCartItemBody = z.object({
  entityId: z.uuid(),
  variantId: z.uuid().nullable().optional(),
  quantity: z.number().int().min(1).max(MAX_ITEM_QUANTITY),
  /** The unit price the client showed, in minor units: compared, never charged. */
  unitPriceSnapshot: amountSchema.optional(),
});

export const updateCartItemBody = z.object({
  quantity: z.number().int().min(1).max(MAX_ITEM_QUANTITY),
});

const codeList = z
  .string()
  .max(1000)
  .transform((value) =>
    value
      .split(",")
      .map((code) => code.trim())
      .filter((code) => code.length > 0),
  )
  .pipe(z.array(codeSchema).max(MAX_PROMOTION_CODES));

/** Query of every cart route: codes to preview on the answer (nothing is redeemed or stored). */
export const cartQuery = z.object({
  /** Comma-separated promotion codes, applied in order. */
  promotionCodes: codeList.optional(),
});
