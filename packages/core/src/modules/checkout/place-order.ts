import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { allowGenericPlans } from "../../db/generic-plans.js";
import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import type { BeforeHookContext, HookRunner } from "../../kernel/hook-runner.js";
import { hasPermission } from "../../kernel/permissions.js";
import { inTransactionWithHookErrors, type TxOptions } from "../../kernel/transaction.js";
import type { WithHookErrors } from "../../kernel/transaction-runner.js";
import { cartsErrorReasons, type CartQuote, type CartRecord, type QuotedLine } from "../carts/index.js";
import { catalogErrorReasons } from "../catalog/index.js";
import { ON_BEHALF_PERMISSION, owningCustomer } from "../customers/index.js";
import { inventoryErrorReasons } from "../inventory/index.js";
import type { Order } from "../orders/index.js";
import { paymentsErrorReasons, type PaymentSummary } from "../payments/index.js";
import { promotionsErrorReasons, type IneligibleReason } from "../promotions/index.js";
import { shippingErrorReasons } from "../shipping/index.js";
import { acceptedDraft, draftOrder, type CheckoutDraft } from "./checkout-draft.js";
import { checkoutFailed, failingAs, fromReasons, type FailureMap } from "./checkout-errors.js";
import type { CheckoutInput } from "./checkout-schemas.js";

export interface CheckoutContext {
  database: DatabaseAccess;
  hooks: HookRunner;
  services: Services;
}

export interface PlaceOrderInput {
  organizationId: string;
  actor: Actor | null;
  /** The `x-cart-token` header: a guest's proof that the cart is theirs. */
  cartToken?: string | undefined;
  body: CheckoutInput;
  /**
   * Shipping to charge on top of the lines, priced by the server-side caller (a shipping-rate provider);
   * never read from a client's body. Added to the order's `total` and so to the payment. @default none
   */
  shipping?: { amount: number } | undefined;
}

/** The order placed, with the payment the storefront follows (`GET /payments/intents/:id`). */
export type PlacedOrder = Order & { payment: PaymentSummary };

const lineRef = (line: QuotedLine) => ({ itemId: line.id, entityId: line.entityId, variantId: line.variantId });

/** Refuses a quote checkout cannot charge: an unavailable line, or a code that does not apply. */
function assertChargeable(quote: CartQuote): void {
  for (const line of quote.lines) {
    if (line.unavailableReason === "ITEM_UNAVAILABLE")
      throw checkoutFailed("ITEM_UNAVAILABLE", "An item of the cart is no longer for sale", lineRef(line));
    if (line.unavailableReason === "PRICE_MISSING")
      throw checkoutFailed("PRICE_MISSING", "An item of the cart has no price in the cart's currency", lineRef(line));
  }
  for (const promotion of quote.promotions) {
    if (!promotion.isApplicable) {
      throw checkoutFailed(
        "PROMOTION_NOT_APPLICABLE",
        `Promotion ${promotion.code} does not apply to this cart (${promotion.reason})`,
        { code: promotion.code, promotionReason: promotion.reason },
      );
    }
  }
}

/**
 * Places an order from a cart in ONE transaction: lock the cart, price every line again (pricing), apply
 * the promotion codes (promotions), tax each discounted line (tax), run `checkout.beforeCreate`, redeem
 * each code with the guarded statement, record the payment intent with its job (payments: the provider
 * is called after commit), freeze the cart, take the stock (`inventory.sell`: reserve and convert in one
 * statement, lines in a fixed order so two checkouts never wait on each other's rows crosswise), and
 * write the order with its number (orders), in that order: the rows many checkouts contend for are
 * locked last. Events are stored in the same transaction with their audit entries (a trigger) and
 * webhook jobs (a subscriber). Any refusal is a 422 CHECKOUT_FAILED with `details.reason` and rolls everything back;
 * a step's failure becomes one only when its module raised a code checkout maps (`fromReasons`): anything
 * else (a subscriber's error, a fault) passes through as it is. `orders.create` schedules the
 * `orders.afterCreate` handlers after commit; their failures come back as `hookErrors`.
 */
export async function placeOrder(
  context: CheckoutContext,
  input: PlaceOrderInput,
  options?: TxOptions,
): Promise<WithHookErrors<PlacedOrder>> {
  const { services, hooks } = context;
  const { organizationId, actor, body } = input;
  // Rights and the payment provider are checked before any SQL: nothing to roll back.
  const namedCustomer = body.customerId === undefined ? undefined : owningCustomer(actor, body.customerId);
  // Groups set prices, so they come from the customer's profile. Staff acting on someone's behalf may
  // name them instead (a price list chosen at the till); anyone else naming one is refused.
  const isOnBehalf = hasPermission(actor, ON_BEHALF_PERMISSION);
  if ((body.customerGroupIds?.length ?? 0) > 0 && !isOnBehalf)
    throw AppError.forbidden(`customerGroupIds needs ${ON_BEHALF_PERMISSION}`);
  const unknownProvider = (paymentMethodId: string) =>
    checkoutFailed("UNKNOWN_PAYMENT_PROVIDER", `No payment provider handles "${paymentMethodId}"`, { paymentMethodId });
  if (services.payments.providerOf(body.paymentMethodId) === null) throw unknownProvider(body.paymentMethodId);
  const shippingAmount = input.shipping?.amount;
  if (shippingAmount !== undefined && !(Number.isSafeInteger(shippingAmount) && shippingAmount >= 0)) {
    throw AppError.validation([{ path: "shipping.amount", message: "a non-negative integer of minor units" }]);
  }

  return inTransactionWithHookErrors(context.database, options, async (trx) => {
    await allowGenericPlans(trx);
    const hookContext: BeforeHookContext = { organizationId, actor, services, trx };
    const { cart, items } = await failingAs(
      () =>
        services.carts.lockForCheckout(organizationId, body.cartId, {
          trx,
          caller: { actor, cartToken: input.cartToken },
        }),
      fromReasons(cartsErrorReasons, {
        CART_CHECKED_OUT: () => checkoutFailed("CART_CHECKED_OUT", "The cart is already checked out"),
      }),
    );
    if (body.currency !== cart.currency)
      throw checkoutFailed("CURRENCY_MISMATCH", `The cart is in ${cart.currency}, not ${body.currency}`, {
        cartCurrency: cart.currency,
      });
    if (items.length === 0) throw checkoutFailed("CART_EMPTY", "The cart is empty");
    const customerId = namedCustomer ?? cart.customerId;
    const customerGroupIds =
      isOnBehalf && body.customerGroupIds !== undefined
        ? body.customerGroupIds
        : customerId === null
          ? []
          : await services.customers.groupIdsOf(organizationId, customerId, { trx });

    // The checkout's address wins over the one the cart stored; shipping is priced for it either way.
    const shippingAddress = body.shippingAddress ?? cart.shippingAddress;
    const quote = await failingAs(
      () =>
        services.carts.quote(
          {
            organizationId,
            currency: cart.currency,
            isTaxInclusive: cart.isTaxInclusive,
            items,
            customerId,
            promotionCodes: body.promotionCodes ?? [],
            customerGroupIds,
            address: shippingAddress ? { country: shippingAddress.country, region: shippingAddress.state } : undefined,
          },
          { trx },
        ),
      fromReasons(promotionsErrorReasons, {
        PROMOTION_CODE_NOT_FOUND: (error) => checkoutFailed("PROMOTION_NOT_FOUND", error.message),
      }),
    );
    assertChargeable(quote);
    const shipping =
      input.shipping === undefined
        ? await chargeableShipping(services, { organizationId, cart, quote, shippingAddress, trx })
        : { total: input.shipping.amount, taxTotal: 0, methods: [] };

    const draft = draftOrder({
      body,
      quote,
      customerId,
      isTaxInclusive: cart.isTaxInclusive,
      shippingAddress,
      shipping,
    });
    const { order: accepted } = await failingAs(
      () => hooks.runBefore("checkout.beforeCreate", { order: draft, cart }, hookContext),
      (error) =>
        error.code === "CHECKOUT_FAILED" || error.status >= 500
          ? error
          : checkoutFailed("REFUSED_BY_HOOK", error.message, { code: error.code }),
    );
    const final = acceptedDraft(draft, accepted);
    const provider = services.payments.providerOf(final.paymentMethodId);
    if (provider === null) throw unknownProvider(final.paymentMethodId);

    // Hot rows are locked as late as possible, always in this order (so checkouts never deadlock): a
    // popular code's promotion row, then the stock rows, then the store's order-number counter, each
    // held to the commit. Everything that names the order is written before it, so the number is taken
    // in the order's own statement (orders' `insertNumberedOrder`). Hooks cannot change what is sold,
    // so the stock taken after them is the stock they saw quoted.
    const orderId = randomUUID();
    await redeemCodes(services, { organizationId, customerId: final.customerId, orderId, quote, trx });
    const intent = await failingAs(
      () =>
        services.payments.recordIntent(
          {
            organizationId,
            orderId,
            paymentMethodId: final.paymentMethodId,
            provider,
            amount: final.total,
            currency: final.currency,
          },
          { trx },
        ),
      fromReasons(paymentsErrorReasons, { UNKNOWN_PAYMENT_PROVIDER: () => unknownProvider(final.paymentMethodId) }),
    );
    await services.carts.markCheckedOut(organizationId, cart.id, orderId, { trx });
    await takeStock(services, { organizationId, actor, cart, lines: quote.lines, trx });
    const order = await services.orders.create(
      { ...final, id: orderId, organizationId, actor, cartId: cart.id },
      { trx },
    );
    return { ...order, payment: { id: intent.id, provider: intent.provider, status: intent.status } };
  });
}

/**
 * Prices the cart's chosen shipping options again on the server (the shipping module; the client's figure
 * is never read) and refuses a shippable cart without one for each of its shipping groups
 * (`SHIPPING_REQUIRED`) or with one that is stale or no longer applies (`SHIPPING_OPTION_UNAVAILABLE`). A
 * store without shipping options, and a cart of lines that do not ship, need none.
 */
async function chargeableShipping(
  services: Services,
  input: {
    organizationId: string;
    cart: CartRecord;
    quote: CartQuote;
    shippingAddress: CartRecord["shippingAddress"];
    trx: Transaction<CoreTables>;
  },
) {
  const { cart } = input;
  const shippingQuote = await services.carts.quoteShipping(
    {
      organizationId: input.organizationId,
      currency: cart.currency,
      isTaxInclusive: cart.isTaxInclusive,
      address: input.shippingAddress,
      quote: input.quote,
      onlyOptionIds: cart.shippingOptionIds,
    },
    { trx: input.trx },
  );
  const { failure, ...selection } = services.shipping.select(shippingQuote, cart.shippingOptionIds);
  const asCheckout =
    (reason: "SHIPPING_REQUIRED" | "SHIPPING_OPTION_UNAVAILABLE"): FailureMap =>
    (error) => {
      const { reason: _reason, ...details } = error.details ?? {};
      return checkoutFailed(reason, error.message, details);
    };
  if (failure)
    await failingAs(
      () => Promise.reject(failure),
      fromReasons(shippingErrorReasons, {
        SHIPPING_REQUIRED: asCheckout("SHIPPING_REQUIRED"),
        SHIPPING_OPTION_UNAVAILABLE: asCheckout("SHIPPING_OPTION_UNAVAILABLE"),
      }),
    );
  return selection;
}

/**
 * Takes each line's stock: a reservation converted into a sale at once (`inventory.sell`, one guarded
 * UPDATE: never more than is on hand). Lines go in (entity, variant) order, so concurrent checkouts lock
 * stock rows in one order and cannot deadlock.
 */
async function takeStock(
  services: Services,
  input: {
    organizationId: string;
    actor: Actor | null;
    cart: CartRecord;
    lines: readonly QuotedLine[];
    trx: Transaction<CoreTables>;
  },
) {
  const { organizationId, trx } = input;
  const ordered = [...input.lines].sort(
    (a, b) => compare(a.entityId, b.entityId) || compare(a.variantId ?? "", b.variantId ?? ""),
  );
  for (const line of ordered) {
    await failingAs(
      () =>
        services.inventory.sell(
          organizationId,
          {
            entityId: line.entityId,
            variantId: line.variantId,
            quantity: line.quantity,
            reference: `cart:${input.cart.id}`,
          },
          input.actor,
          { trx },
        ),
      fromReasons(inventoryErrorReasons, {
        OUT_OF_STOCK: () =>
          checkoutFailed("OUT_OF_STOCK", `Not enough stock for ${line.title ?? line.slug}`, {
            ...lineRef(line),
            quantity: line.quantity,
          }),
      }),
      // The item was deleted (or its variant) since the quote saw it for sale.
      fromReasons(catalogErrorReasons, {
        SALE_TARGET_NOT_FOUND: () =>
          checkoutFailed("ITEM_UNAVAILABLE", "An item of the cart is no longer for sale", lineRef(line)),
      }),
    );
  }
}

/** Redeems the applied codes, in code order (one lock order for all checkouts); a refused one fails the checkout. */
async function redeemCodes(
  services: Services,
  input: {
    organizationId: string;
    customerId: string | null;
    orderId: string;
    quote: CartQuote;
    trx: Transaction<CoreTables>;
  },
) {
  const applied = [...input.quote.promotions].sort((a, b) => compare(a.code.toLowerCase(), b.code.toLowerCase()));
  for (const promotion of applied) {
    // Evaluated in this transaction a moment ago, a code fails here only when a concurrent checkout (or
    // a change to the promotion) spent it in between: each reason as the quote would have named it.
    const notRedeemable =
      (promotionReason: IneligibleReason): FailureMap =>
      (error) =>
        checkoutFailed("PROMOTION_NOT_APPLICABLE", `Promotion ${promotion.code} cannot be redeemed: ${error.message}`, {
          code: promotion.code,
          promotionReason,
        });
    await failingAs(
      () =>
        services.promotions.redeem(
          {
            organizationId: input.organizationId,
            code: promotion.code,
            customerId: input.customerId,
            orderId: input.orderId,
            discount: promotion.discount,
          },
          { trx: input.trx },
        ),
      fromReasons(promotionsErrorReasons, {
        USAGE_LIMIT_REACHED: notRedeemable("USAGE_LIMIT_REACHED"),
        CUSTOMER_LIMIT_REACHED: notRedeemable("CUSTOMER_LIMIT_REACHED"),
        CUSTOMER_REQUIRED: notRedeemable("CUSTOMER_REQUIRED"),
        PROMOTION_CODE_NOT_FOUND: (error) => checkoutFailed("PROMOTION_NOT_FOUND", error.message),
      }),
    );
  }
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

// The checkout's hook point, declared beside the operation that runs it. See "Hooks" in the core README.
declare module "../../kernel/hook-runner.js" {
  interface HookPayloads {
    /**
     * Before the order is written, in checkout's transaction (prices, promotions and tax are
     * settled): answer `{ order, cart }` with a changed `order` (see `assertHookChange` for what may
     * change), or throw an `AppError` to refuse (422 CHECKOUT_FAILED `REFUSED_BY_HOOK` with its message).
     */
    "checkout.beforeCreate": { order: CheckoutDraft; cart: CartRecord };
  }
}
