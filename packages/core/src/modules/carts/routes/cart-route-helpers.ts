import type { FastifyRequest } from "fastify";
import type { Actor } from "../../../kernel/actor.js";
import type { CartTarget } from "../cart-operations.js";
import { cartTokenOf } from "../cart-token.js";
import type { CartView } from "../cart-view.js";

/** Who asks about which cart: the actor, the `x-cart-token` header and the previewed codes. */
export function cartTarget(input: {
  organizationId: string;
  cartId: string;
  actor: Actor | null;
  request: FastifyRequest;
  query: { promotionCodes?: string[] | undefined };
}): CartTarget {
  return {
    organizationId: input.organizationId,
    cartId: input.cartId,
    actor: input.actor,
    cartToken: cartTokenOf(input.request.headers),
    promotionCodes: input.query.promotionCodes,
  };
}

/** A cart answer: `meta.priceChanges` only when a client-shown price differs from the server's. */
export function cartAnswer<T>(view: CartView & { cart: T }) {
  return view.priceChanges.length === 0
    ? { data: view.cart }
    : { data: view.cart, meta: { priceChanges: view.priceChanges } };
}

/** Said of every cart route in the API document. */
export const CART_ACCESS_DOC =
  "A cart answers its owner only: the `x-cart-token` header (the `cartToken` of the creation answer), the session of the customer it belongs to, or `cart:manage`; anyone else gets 404. Expired carts answer 404. The answer prices every line now (the server's price wins; `meta.priceChanges` lists lines whose `unitPriceSnapshot` differs), previews `promotionCodes` (comma-separated query, nothing redeemed), and adds tax and totals in minor units.";
