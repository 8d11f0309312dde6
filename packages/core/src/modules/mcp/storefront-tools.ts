import { z } from "zod";
import { MAX_IDEMPOTENCY_KEY_LENGTH } from "../../http/idempotency/idempotency-key.js";
import { AppError } from "../../kernel/app-error.js";
import { hasPermission } from "../../kernel/permissions.js";
import {
  type CartTarget,
  type CartView,
  addCartItemBody,
  cartSchema,
  createCartBody,
  createdCartSchema,
  MAX_PROMOTION_CODES,
  priceChangeSchema,
  setCartShippingBody,
  updateCartItemBody,
} from "../carts/index.js";
import { entitySchema, entityStatusSchema } from "../catalog/index.js";
import { checkoutBody, placedOrderSchema } from "../checkout/index.js";
import { stockLevelSchema } from "../inventory/index.js";
import { customerOf, myOrderParams, orderTrackingSchema } from "../me/index.js";
import { currencySchema } from "../../money/currency-schema.js";
import { codeSchema } from "../promotions/index.js";
import { ATTRIBUTE_NAME, searchHitSchema, searchQueryOf } from "../search/index.js";
import { shippingQuoteSchema } from "../shipping/index.js";
import { defineTool, type CommerceTool, type ToolContext } from "./commerce-tool.js";

/** Reaching a cart: what the `x-cart-token` header carries over REST is an argument here. */
const cartAccess = z.object({
  cartId: z.uuid(),
  cartToken: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("the cartToken create_cart answered (a guest has no other way to reach the cart)"),
});

/** A cart answer with the lines whose client-shown price differed from the server's (REST `meta.priceChanges`). */
const cartAnswerSchema = z.object({ cart: cartSchema, priceChanges: z.array(priceChangeSchema) });

const target = (
  { organizationId, actor }: ToolContext,
  input: z.output<typeof cartAccess>,
  promotionCodes?: readonly string[],
): CartTarget => ({
  organizationId,
  cartId: input.cartId,
  actor,
  cartToken: input.cartToken,
  ...(promotionCodes === undefined ? {} : { promotionCodes: [...promotionCodes] }),
});

const cartAnswer = (view: CartView) => ({ cart: view.cart, priceChanges: view.priceChanges });

const searchProducts = defineTool({
  name: "search_products",
  title: "Search products",
  description: [
    "Full-text search of the catalog with filters and facet counts (same as GET /api/search).",
    "`attributes` filters by custom field values (values of one name ORed, names ANDed); `facets` names the fields to",
    "count (type, category, brand, status or attribute names).",
  ].join(" "),
  audience: "storefront",
  permissions: ["catalog:read"],
  isReadOnly: true,
  isIdempotent: true,
  input: z.object({
    q: z.string().max(500).optional(),
    type: z.string().min(1).max(100).optional(),
    category: z.uuid().optional(),
    brand: z.uuid().optional(),
    status: entityStatusSchema.optional(),
    attributes: z.record(z.string().regex(ATTRIBUTE_NAME), z.array(z.string().max(500)).max(50)).optional(),
    facets: z.array(z.string().regex(ATTRIBUTE_NAME)).max(50).optional(),
    page: z.number().int().min(1).default(1),
    limit: z.number().int().min(1).max(100).default(20),
  }),
  output: z.object({
    hits: z.array(searchHitSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    facets: z.record(z.string(), z.record(z.string(), z.number())),
  }),
  async run({ actor, organizationId, route }, { q, type, category, brand, status, attributes, facets, page, limit }) {
    const result = await route.services.search.search(
      organizationId,
      searchQueryOf(
        { q, type, category, brand, status, page, limit, facets: facets ?? [], attributes: attributes ?? {} },
        actor,
      ),
    );
    return { hits: result.hits, total: result.total, page, limit, facets: result.facets };
  },
});

const getProduct = defineTool({
  name: "get_product",
  title: "Get a product",
  description: [
    "A product by UUID or slug with its attributes and variants (GET /api/catalog/entities/{idOrSlug}), the unit price",
    "of the product and of each variant in `currency` (default: the store's currency; null where none is set), and its",
    "stock when the caller may read stock (inventory:read; null otherwise).",
  ].join(" "),
  audience: "storefront",
  permissions: ["catalog:read"],
  isReadOnly: true,
  isIdempotent: true,
  input: z.object({ idOrSlug: z.string().min(1).max(200), currency: currencySchema.optional() }),
  output: z.object({
    product: entitySchema,
    currency: z.string(),
    prices: z.array(z.object({ variantId: z.string().nullable(), amount: z.number().int().nullable() })),
    stock: z
      .object({
        onHand: z.number().int(),
        reserved: z.number().int(),
        available: z.number().int(),
        levels: z.array(stockLevelSchema),
      })
      .nullable(),
  }),
  async run({ actor, organizationId, route: { services } }, { idOrSlug, currency: asked }) {
    const product = await services.catalog.getEntity(organizationId, idOrSlug, {
      actor,
      include: ["attributes", "variants"],
    });
    const currency = asked ?? (await services.settings.get(organizationId, "general")).currency;
    if (currency === undefined)
      throw AppError.validation([
        { path: "currency", message: "is required: the store has no default currency (settings.general.currency)" },
      ]);
    const variantIds = variantIdsOf(product);
    const lines = [
      { entityId: product.id, variantId: null },
      ...variantIds.map((variantId) => ({ entityId: product.id, variantId })),
    ];
    // The price a cart would charge: the one resolution carts and checkout use (modifiers applied).
    const resolved = await services.pricing.resolve({ organizationId, currency, lines });
    const prices = lines.map((line, i) => ({ variantId: line.variantId, amount: resolved[i]?.amount ?? null }));
    const stock = hasPermission(actor, "inventory:read")
      ? ((await services.inventory.check(organizationId, [product.id]))[0] ?? null)
      : null;
    return { product, currency, prices, stock };
  },
});

/** Variant ids of an entity read with the `variants` include. */
function variantIdsOf(entity: Record<string, unknown>): string[] {
  const variants = entity.variants;
  if (!Array.isArray(variants)) return [];
  return variants.flatMap((variant: unknown) =>
    typeof variant === "object" && variant !== null && "id" in variant && typeof variant.id === "string"
      ? [variant.id]
      : [],
  );
}

const createCart = defineTool({
  name: "create_cart",
  title: "Create a cart",
  description: [
    "A new cart in `currency` (POST /api/carts). Keep the answered `cartToken`: every other cart tool and checkout",
    "needs it (a guest has nothing else to reach the cart with).",
  ].join(" "),
  audience: "storefront",
  permissions: ["cart:create"],
  isReadOnly: false,
  input: createCartBody,
  output: createdCartSchema,
  async run({ actor, organizationId, route: { services } }, input) {
    const { cart, cartToken } = await services.carts.create({ organizationId, caller: { actor }, body: input });
    return { ...cart, cartToken };
  },
});

const addCartItem = defineTool({
  name: "add_cart_item",
  title: "Add an item to a cart",
  description: [
    "Adds a published product (or one of its variants) with a price in the cart's currency",
    "(POST /api/carts/{id}/items); the same item again merges into its line. Answers the cart priced by the server.",
  ].join(" "),
  audience: "storefront",
  permissions: ["cart:update"],
  isReadOnly: false,
  input: cartAccess.extend(addCartItemBody.shape),
  output: cartAnswerSchema,
  async run(context, { cartId, cartToken, ...item }) {
    return cartAnswer(await context.route.services.carts.addItem(target(context, { cartId, cartToken }), item));
  },
});

const updateCartItem = defineTool({
  name: "update_cart_item",
  title: "Change a cart line",
  description: [
    "Sets the quantity of a cart line (PATCH /api/carts/{id}/items/{itemId}); `quantity: 0` removes the line",
    "(DELETE /api/carts/{id}/items/{itemId}).",
  ].join(" "),
  audience: "storefront",
  permissions: ["cart:update"],
  isReadOnly: false,
  isIdempotent: true,
  input: cartAccess.extend({ itemId: z.uuid(), quantity: z.union([z.literal(0), updateCartItemBody.shape.quantity]) }),
  output: cartAnswerSchema,
  async run(context, { cartId, cartToken, itemId, quantity }) {
    const carts = context.route.services.carts;
    const cart = target(context, { cartId, cartToken });
    return cartAnswer(
      quantity === 0 ? await carts.removeItem(cart, itemId) : await carts.updateItem(cart, itemId, { quantity }),
    );
  },
});

const getCart = defineTool({
  name: "get_cart",
  title: "Read a cart and preview promotions",
  description: [
    "The cart priced now, with tax and totals in minor units (GET /api/carts/{id}); `promotionCodes` are applied in",
    "order as a preview (nothing is redeemed: pass them to checkout to use them).",
  ].join(" "),
  audience: "storefront",
  permissions: ["cart:read"],
  isReadOnly: true,
  isIdempotent: true,
  input: cartAccess.extend({ promotionCodes: z.array(codeSchema).max(MAX_PROMOTION_CODES).optional() }),
  output: cartAnswerSchema,
  async run(context, { cartId, cartToken, promotionCodes }) {
    return cartAnswer(await context.route.services.carts.get(target(context, { cartId, cartToken }, promotionCodes)));
  },
});

const listShippingOptions = defineTool({
  name: "list_shipping_options",
  title: "List a cart's shipping options",
  description: [
    "The shipping options that apply to the cart's address, priced with their tax, one group per shipping profile",
    "(GET /api/carts/{id}/shipping-options); `explain` adds the ones that do not apply with their reason.",
    "`isRequired` true: checkout needs one option per group, chosen with set_cart_shipping.",
  ].join(" "),
  audience: "storefront",
  permissions: ["cart:read"],
  isReadOnly: true,
  isIdempotent: true,
  input: cartAccess.extend({ explain: z.boolean().optional() }),
  output: shippingQuoteSchema,
  run: (context, { cartId, cartToken, explain }) =>
    context.route.services.carts.shippingOptions({
      ...target(context, { cartId, cartToken }),
      explain: explain ?? false,
    }),
});

const setCartShipping = defineTool({
  name: "set_cart_shipping",
  title: "Set where a cart ships and its shipping options",
  description: [
    "Replaces the cart's shipping address (null for a pickup) and chosen options, one per group of",
    "list_shipping_options (PUT /api/carts/{id}/shipping); an option that does not apply is refused. Answers the",
    "cart with its shipping priced.",
  ].join(" "),
  audience: "storefront",
  permissions: ["cart:update"],
  isReadOnly: false,
  isIdempotent: true,
  input: cartAccess.extend(setCartShippingBody.shape),
  output: cartAnswerSchema,
  async run(context, { cartId, cartToken, ...shipping }) {
    return cartAnswer(await context.route.services.carts.setShipping(target(context, { cartId, cartToken }), shipping));
  },
});

export const checkoutInput = checkoutBody.extend({
  cartToken: cartAccess.shape.cartToken,
  idempotencyKey: z
    .string()
    .min(1)
    .max(MAX_IDEMPOTENCY_KEY_LENGTH)
    .describe(
      "a fresh unique value (a UUID) per purchase; a retry with the same key and arguments answers the same order instead of buying twice",
    ),
});

const checkout = defineTool({
  name: "checkout",
  title: "Check out",
  description: [
    "Places the order of a cart through the checkout pipeline (POST /api/checkout): the server prices every line,",
    "applies `promotionCodes`, taxes, takes the stock (never oversold) and records the payment intent, in one",
    "transaction; the cart is then frozen. Failures name their reason (OUT_OF_STOCK, PRICE_MISSING, ...) and write",
    "nothing.",
  ].join(" "),
  audience: "storefront",
  permissions: ["orders:create"],
  isReadOnly: false,
  isIdempotent: true,
  input: checkoutInput,
  output: placedOrderSchema,
  run: ({ actor, organizationId, route: { services } }, { idempotencyKey, cartToken, ...body }) =>
    services.mcp.checkoutOnce({ organizationId, actor, idempotencyKey, cartToken, body }),
});

const trackOrder = defineTool({
  name: "track_order",
  title: "Track one of my orders",
  description: [
    "The signed-in customer's order by id or number: its status, shipments and how far each line shipped",
    "(GET /api/me/orders/{idOrNumber}/tracking).",
  ].join(" "),
  audience: "storefront",
  permissions: ["orders:read:own"],
  isSessionRequired: true,
  isReadOnly: true,
  isIdempotent: true,
  input: myOrderParams,
  output: orderTrackingSchema,
  run: ({ actor, organizationId, route: { services } }, { idOrNumber }) =>
    services.me.tracking(organizationId, customerOf(actor), idOrNumber),
});

/** What a shopper's agent uses: find, price, fill a cart, buy, follow the order. */
export const storefrontTools: readonly CommerceTool[] = [
  searchProducts,
  getProduct,
  createCart,
  addCartItem,
  updateCartItem,
  getCart,
  listShippingOptions,
  setCartShipping,
  checkout,
  trackOrder,
];
