import type { Actor } from "../../kernel/actor.js";
import { hasPermission } from "../../kernel/permissions.js";
import { sessionCustomerOf } from "../customers/index.js";
import { isCartToken } from "./cart-token.js";

/** Reads and changes any cart of the organization, whoever owns it (staff). */
export const CART_MANAGE_PERMISSION = "cart:manage";

/** Who asks about a cart: the request's actor and the cart token it sent. */
export interface CartCaller {
  actor: Actor | null;
  /** The `x-cart-token` header. */
  cartToken?: string | undefined;
}

/**
 * The ownership rule of carts. A cart id alone reaches nothing: the caller needs the cart's token
 * (`x-cart-token`, returned once at creation), or to be signed in as the customer the cart belongs to,
 * or to hold `cart:manage`. Anyone else, another organization included, is told the cart does not exist.
 */
export function canReachCart(cart: { customerId: string | null; tokenHash: string }, caller: CartCaller): boolean {
  if (isCartToken(caller.cartToken, cart.tokenHash)) return true;
  const customer = sessionCustomerOf(caller.actor);
  if (customer !== null && cart.customerId === customer) return true;
  return hasPermission(caller.actor, CART_MANAGE_PERMISSION);
}
