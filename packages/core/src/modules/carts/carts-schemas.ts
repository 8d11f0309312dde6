import { z } from "zod";
import { amountSchema } from "../../money/amount-schema.js";
import { currencySchema } from "../../money/currency-schema.js";
import { codeSchema } from "../promotions/index.js";
import { shippingAddressSchema, shippingMethodSchema } from "../shipping/index.js";

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
  /** Where the cart ships (`PUT /carts/:id/shipping`); checkout's `shippingAddress` overrides it. */
  shippingAddress: shippingAddressSchema.nullable(),
  /** The chosen shipping options, one per shipping profile the cart's lines ship with. */
  shippingOptionIds: z.array(z.string()),
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

/** The cart's shipping as checkout would charge it now. */
export const cartShippingSchema = z.object({
  /** True when a line ships and the store has shipping options: checkout then needs one per group. */
  isRequired: z.boolean(),
  /** The chosen options that apply now, priced with their tax. */
  methods: z.array(shippingMethodSchema),
  /** Why checkout would refuse the choice now (`SHIPPING_REQUIRED`, `SHIPPING_OPTION_UNAVAILABLE`); null when it would not. */
  failureReason: z.enum(["SHIPPING_REQUIRED", "SHIPPING_OPTION_UNAVAILABLE"]).nullable(),
});

/** A cart as every cart route answers it: lines priced now, promotions previewed, tax and totals in minor units. */
export const cartSchema = cartRecordSchema.extend({
  items: z.array(cartItemSchema),
  promotions: z.array(cartPromotionSchema),
  shipping: cartShippingSchema,
  subtotal: z.number().int(),
  discountTotal: z.number().int(),
  /** The lines' tax (shipping's is in `shippingTaxTotal`). */
  taxTotal: z.number().int(),
  /** What the chosen shipping costs the buyer, its tax included. */
  shippingTotal: z.number().int(),
  /** The tax inside `shippingTotal`. */
  shippingTaxTotal: z.number().int(),
  /** The lines' total plus `shippingTotal`. */
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

/** Body of `PUT /carts/:id/shipping`: replaces the cart's address and chosen options. */
export const setCartShippingBody = z.object({
  /** Null or omitted: no address (only pickup options apply). */
  address: shippingAddressSchema.nullable().optional(),
  /** One option per shipping profile the lines ship with (see `GET /carts/:id/shipping-options`). */
  optionIds: z.array(z.uuid()).max(20).optional(),
});

/** Query of every cart route: codes to preview on the answer (nothing is redeemed or stored). */
export const cartQuery = z.object({
  /** Comma-separated promotion codes, applied in order. */
  promotionCodes: codeList.optional(),
});

/** Query of `GET /carts/:id/shipping-options`. */
export const cartShippingOptionsQuery = cartQuery.extend({
  /** `true`: also the options that do not apply, each with its `reason`. */
  explain: z
    .enum(["true", "false"])
    .optional()
    .transform((value) => value === "true"),
});
