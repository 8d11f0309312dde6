import { sql } from "kysely";
import { queryTemplate } from "../../db/query-template.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { canReachCart, type CartCaller } from "./cart-access.js";
import { reachableCart } from "./cart-view.js";
import {
  CART_COLUMNS,
  cartsScope,
  toCartRecord,
  type CartItemRecord,
  type CartRecord,
  type CartRow,
  type CartsContext,
} from "./carts-context.js";
import { cartsErrors } from "./carts-errors.js";

/** A cart held for checkout: its row is locked until the checkout's transaction ends. */
export interface LockedCart {
  cart: CartRecord;
  items: CartItemRecord[];
}

/** Most expired carts one `carts/prune` statement deletes. */
export const CART_PRUNE_LIMIT = 5_000;

/** A cart and its lines (one row per line; one row of null line columns when it has none), its row locked. */
const lockCartWithItems = queryTemplate((db, args: { organizationId: string; cartId: string }) =>
  cartsScope(db, args.organizationId)
    .selectFrom("carts")
    .leftJoin("cartItems", (join) =>
      join.onRef("cartItems.cartId", "=", "carts.id").onRef("cartItems.organizationId", "=", "carts.organizationId"),
    )
    .select(CART_COLUMNS.map((column) => `carts.${column}` as const))
    .select([
      "cartItems.id as itemId",
      "cartItems.entityId",
      "cartItems.variantId",
      "cartItems.quantity",
      "cartItems.unitPriceSnapshot",
    ])
    .where("carts.id", "=", args.cartId)
    .orderBy("cartItems.createdAt")
    .orderBy("cartItems.id")
    .forUpdate("carts"),
);

const checkOutCart = queryTemplate((db, args: { organizationId: string; cartId: string; orderId: string; now: Date }) =>
  cartsScope(db, args.organizationId)
    .updateTable("carts")
    .set({ status: "checked_out", orderId: args.orderId, updatedAt: args.now })
    .where("id", "=", args.cartId)
    .where("status", "=", "open"),
);

/** What checkout and the prune task do to carts. */
export function createCartCheckoutOperations(context: CartsContext) {
  return {
    /**
     * Locks a cart for checkout (`SELECT ... FOR UPDATE` in the caller's transaction), so two checkouts
     * of one cart run one after the other and the second finds it checked out; its lines come in the
     * same statement. 404 when missing, expired or not the caller's (`options.caller`, the carts'
     * ownership rule; without one, no rule: for trusted callers); 409 CONFLICT when already checked out.
     */
    async lockForCheckout(
      organizationId: string,
      cartId: string,
      options: Required<TxOptions> & { caller?: CartCaller },
    ): Promise<LockedCart> {
      const { rows } = await lockCartWithItems.execute(options.trx, { organizationId, cartId });
      const items: CartItemRecord[] = [];
      let cart: CartRow | undefined;
      for (const { itemId, entityId, variantId, quantity, unitPriceSnapshot, ...cartColumns } of rows) {
        cart ??= cartColumns;
        // A cart without lines is one row whose line columns are null (the left join).
        if (itemId !== null && entityId !== null && quantity !== null)
          items.push({ id: itemId, entityId, variantId, quantity, unitPriceSnapshot });
      }
      const row = reachableCart(cart, options.caller ?? null);
      if (row.status !== "open") throw cartsErrors.checkedOut();
      return { cart: toCartRecord(row), items };
    },

    /** Freezes a locked cart with the order made of it; 409 when it was no longer open. */
    async markCheckedOut(
      organizationId: string,
      cartId: string,
      orderId: string,
      options: Required<TxOptions>,
    ): Promise<void> {
      const updated = await checkOutCart.execute(options.trx, { organizationId, cartId, orderId, now: new Date() });
      if (updated.numAffectedRows === 0n) throw cartsErrors.checkedOut();
    },

    /**
     * Whether `caller` owns the cart by the carts' ownership rule (its token, its customer's session, or
     * `cart:manage`), whatever its status or expiry: a checked-out cart still tells whose order it became
     * (payments answers an order's intent to its cart's owner). False for an unknown or pruned cart.
     */
    async isReachableBy(
      organizationId: string,
      cartId: string,
      caller: CartCaller,
      options?: TxOptions,
    ): Promise<boolean> {
      const row = await cartsScope(options?.trx ?? context.database.db, organizationId)
        .selectFrom("carts")
        .select(["customerId", "tokenHash"])
        .where("id", "=", cartId)
        .executeTakeFirst();
      return row !== undefined && canReachCart(row, caller);
    },

    /** Drops the lines of a deleted catalog entity from every cart of the organization. */
    async removeEntityItems(organizationId: string, entityId: string, options: Required<TxOptions>): Promise<void> {
      await cartsScope(options.trx, organizationId).deleteFrom("cartItems").where("entityId", "=", entityId).execute();
    },

    /**
     * Deletes carts past their expiry, of every organization (a maintenance task, not a tenant's
     * request), at most `CART_PRUNE_LIMIT` per statement; answers how many. Their lines go with them.
     */
    async pruneExpired(): Promise<number> {
      const result = await sql`
        with doomed as (select id from carts where expires_at <= now() limit ${CART_PRUNE_LIMIT})
        delete from carts where id in (select id from doomed)`.execute(context.database.db);
      return Number(result.numAffectedRows ?? 0n);
    },
  };
}
