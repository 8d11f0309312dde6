import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { inTransaction, type TxOptions } from "../../kernel/transaction.js";
import type { Actor } from "../../kernel/actor.js";
import { canSeeUnpublished, saleItemKey } from "../catalog/index.js";
import { owningCustomer } from "../customers/index.js";
import type { CartCaller } from "./cart-access.js";
import { generateCartToken } from "./cart-token.js";
import { readCartItems, requireCart, viewCart, type CartPreview, type CartView } from "./cart-view.js";
import { CART_COLUMNS, cartsScope, type CartRow, type CartsContext } from "./carts-context.js";
import { cartsErrors } from "./carts-errors.js";
import {
  MAX_CART_ITEMS,
  MAX_ITEM_QUANTITY,
  type addCartItemBody,
  type createCartBody,
  type setCartShippingBody,
  type updateCartItemBody,
} from "./carts-schemas.js";
import { shippingErrorReasons, type ShippingQuote } from "../shipping/index.js";

export type CreateCartInput = z.input<typeof createCartBody>;
export type AddCartItemInput = z.input<typeof addCartItemBody>;
export type UpdateCartItemInput = z.input<typeof updateCartItemBody>;
export type SetCartShippingInput = z.input<typeof setCartShippingBody>;

/** Which cart, asked by whom, previewing what. */
export interface CartTarget extends CartCaller, CartPreview {
  organizationId: string;
  cartId: string;
}

/** Cart creation, reads and line changes; every change runs under the cart's row lock. */
export function createCartOperations(context: CartsContext) {
  const expiry = () => new Date(Date.now() + context.ttlSeconds * 1000);

  /** Locks an open cart the caller may reach, runs `change`, moves its expiry ahead, and answers it priced. */
  const changeCart = (
    target: CartTarget,
    options: TxOptions | undefined,
    change: (trx: Transaction<CoreTables>, cart: CartRow) => Promise<void>,
    { isShippingChange = false } = {},
  ) =>
    inTransaction(context.database, options, async (trx) => {
      const cart = await requireCart(trx, {
        organizationId: target.organizationId,
        cartId: target.cartId,
        caller: target,
        lock: true,
      });
      if (cart.status !== "open") throw cartsErrors.checkedOut();
      await change(trx, cart);
      const now = new Date();
      const touched = await cartsScope(trx, target.organizationId)
        .updateTable("carts")
        .set({ updatedAt: now, expiresAt: expiry() })
        .where("id", "=", cart.id)
        .returning(CART_COLUMNS)
        .executeTakeFirstOrThrow();
      const view = await viewCart(context, target.organizationId, touched, target, { trx });
      // Choosing an option that does not apply is refused (rolled back); a line change that makes the
      // chosen one stale is not: the cart shows it, and checkout refuses it.
      if (isShippingChange && shippingErrorReasons.reasonOf(view.shippingFailure) === "SHIPPING_OPTION_UNAVAILABLE")
        throw view.shippingFailure;
      return view;
    });

  /**
   * Checks that a line may be sold in the cart's currency: the entity exists and is published, the
   * variant is its own, and it has a price. To a caller without catalog:read:unpublished (a storefront, a
   * shopper) an unpublished entity is answered as one that does not exist, so adding to a cart never
   * reveals a draft.
   */
  const assertSellable = async (
    trx: Transaction<CoreTables>,
    organizationId: string,
    cart: CartRow,
    input: AddCartItemInput,
    actor: Actor | null,
  ) => {
    const ref = { entityId: input.entityId, variantId: input.variantId ?? null };
    const entityRef = { entityId: input.entityId, variantId: null };
    const [described, [price]] = await Promise.all([
      context.services.catalog.describeSaleItems(organizationId, ref.variantId === null ? [ref] : [ref, entityRef], {
        trx,
      }),
      context.services.pricing.resolve({ organizationId, currency: cart.currency, lines: [ref] }, { trx }),
    ]);
    const entity = described.get(saleItemKey(entityRef));
    if (!entity || (entity.status !== "active" && !canSeeUnpublished(actor)))
      throw cartsErrors.invalid("body.entityId", "no such catalog entity");
    if (entity.status !== "active") throw cartsErrors.invalid("body.entityId", "this entity is not published");
    if (!described.has(saleItemKey(ref))) throw cartsErrors.invalid("body.variantId", "no such variant of this entity");
    if (!price) throw cartsErrors.invalid("body.entityId", `no ${cart.currency} price for this item`);
  };

  return {
    /**
     * Makes a cart. It belongs to the caller's session customer (a signed-in user), to `customerId` when
     * the caller holds `orders:create:on-behalf`, or to no one (a guest); every cart also gets a token,
     * answered once as `cartToken`, that reaches it.
     */
    async create(
      input: { organizationId: string; caller: CartCaller; body: CreateCartInput },
      options?: TxOptions,
    ): Promise<CartView & { cartToken: string }> {
      const customerId = owningCustomer(input.caller.actor, input.body.customerId);
      return inTransaction(context.database, options, async (trx) => {
        const settings = await context.services.settings.get(input.organizationId, "carts", { trx });
        const { token, hash } = generateCartToken();
        const row = await cartsScope(trx, input.organizationId)
          .insertInto("carts", {
            id: randomUUID(),
            status: "open",
            currency: input.body.currency,
            customerId,
            orderId: null,
            isTaxInclusive: settings.isTaxInclusive ?? false,
            tokenHash: hash,
            expiresAt: expiry(),
          })
          .returning(CART_COLUMNS)
          .executeTakeFirstOrThrow();
        return { ...(await viewCart(context, input.organizationId, row, {}, { trx })), cartToken: token };
      });
    },

    /** The cart priced now, with `promotionCodes` previewed. */
    async get(target: CartTarget, options?: TxOptions): Promise<CartView> {
      const cart = await requireCart(options?.trx ?? context.db, {
        organizationId: target.organizationId,
        cartId: target.cartId,
        caller: target,
      });
      return viewCart(context, target.organizationId, cart, target, options);
    },

    /**
     * The cart's shipping groups with the options that apply, priced now in the cart's currency with their
     * tax; with `explain`, the ones that do not apply too, each with its reason.
     */
    async shippingOptions(target: CartTarget & { explain: boolean }, options?: TxOptions): Promise<ShippingQuote> {
      const cart = await requireCart(options?.trx ?? context.db, {
        organizationId: target.organizationId,
        cartId: target.cartId,
        caller: target,
      });
      const { shippingQuote } = await viewCart(
        context,
        target.organizationId,
        cart,
        { ...target, isQuotingEveryShippingOption: true },
        options,
      );
      const quote = shippingQuote ?? { isRequired: false, groups: [] };
      if (target.explain) return quote;
      return {
        ...quote,
        groups: quote.groups.map((group) => ({
          ...group,
          options: group.options.filter((option) => option.isApplicable),
        })),
      };
    },

    /**
     * Adds a line, or adds to the line of the same entity and variant (the per-line maximum still holds).
     * Emits `cart.afterAddItem` in the same transaction.
     */
    addItem(target: CartTarget, input: AddCartItemInput, options?: TxOptions): Promise<CartView> {
      return changeCart(target, options, async (trx, cart) => {
        const { organizationId } = target;
        await assertSellable(trx, organizationId, cart, input, target.actor);
        const variantId = input.variantId ?? null;
        const scope = cartsScope(trx, organizationId);
        const items = await readCartItems(trx, organizationId, cart.id);
        const existing = items.find((item) => item.entityId === input.entityId && item.variantId === variantId);
        const snapshot = input.unitPriceSnapshot === undefined ? {} : { unitPriceSnapshot: input.unitPriceSnapshot };
        let itemId: string;
        let lineQuantity: number;
        if (existing) {
          lineQuantity = existing.quantity + input.quantity;
          if (lineQuantity > MAX_ITEM_QUANTITY) {
            throw cartsErrors.invalid(
              "body.quantity",
              `at most ${MAX_ITEM_QUANTITY} units per line (${existing.quantity} already in the cart)`,
            );
          }
          itemId = existing.id;
          await scope
            .updateTable("cartItems")
            .set({ quantity: lineQuantity, ...snapshot, updatedAt: new Date() })
            .where("id", "=", existing.id)
            .execute();
        } else {
          if (items.length >= MAX_CART_ITEMS)
            throw cartsErrors.invalid("body.entityId", `a cart holds at most ${MAX_CART_ITEMS} lines`);
          itemId = randomUUID();
          lineQuantity = input.quantity;
          await scope
            .insertInto("cartItems", {
              id: itemId,
              cartId: cart.id,
              entityId: input.entityId,
              variantId,
              quantity: input.quantity,
              unitPriceSnapshot: input.unitPriceSnapshot ?? null,
            })
            .execute();
        }
        await context.events.emit(
          {
            organizationId,
            type: "cart.afterAddItem",
            entityType: "cart",
            entityId: cart.id,
            payload: {
              cartId: cart.id,
              itemId,
              entityId: input.entityId,
              variantId,
              quantity: input.quantity,
              lineQuantity,
            },
            actor: target.actor,
          },
          { trx },
        );
      });
    },

    /** Sets a line's quantity. */
    updateItem(target: CartTarget, itemId: string, input: UpdateCartItemInput, options?: TxOptions): Promise<CartView> {
      return changeCart(target, options, async (trx, cart) => {
        const updated = await cartsScope(trx, target.organizationId)
          .updateTable("cartItems")
          .set({ quantity: input.quantity, updatedAt: new Date() })
          .where("id", "=", itemId)
          .where("cartId", "=", cart.id)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) throw cartsErrors.itemNotFound();
      });
    },

    /**
     * Replaces where the cart ships and the chosen options (one per shipping profile its lines use). An
     * option that does not apply to the cart now is a 422 (`details.reason` SHIPPING_OPTION_UNAVAILABLE,
     * `details.optionReason` why) and nothing changes; a choice missing for a group is kept and shown as
     * `shipping.failureReason` SHIPPING_REQUIRED, so a buyer can choose group by group.
     */
    async setShipping(target: CartTarget, input: SetCartShippingInput, options?: TxOptions): Promise<CartView> {
      const view = await changeCart(
        target,
        options,
        async (trx, cart) => {
          await cartsScope(trx, target.organizationId)
            .updateTable("carts")
            .set({
              shippingAddress: input.address ? JSON.stringify(input.address) : null,
              shippingOptionIds: JSON.stringify([...new Set(input.optionIds ?? [])]),
            })
            .where("id", "=", cart.id)
            .execute();
        },
        { isShippingChange: true },
      );
      return view;
    },

    /** Removes a line. */
    removeItem(target: CartTarget, itemId: string, options?: TxOptions): Promise<CartView> {
      return changeCart(target, options, async (trx, cart) => {
        const deleted = await cartsScope(trx, target.organizationId)
          .deleteFrom("cartItems")
          .where("id", "=", itemId)
          .where("cartId", "=", cart.id)
          .executeTakeFirst();
        if (deleted.numDeletedRows === 0n) throw cartsErrors.itemNotFound();
      });
    },
  };
}
