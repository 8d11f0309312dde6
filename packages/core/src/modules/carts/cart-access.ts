import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import { hasPermission } from "../../kernel/permissions.js";
import { isCartToken } from "./cart-token.js";

/** Reads and changes any cart of the organization, whoever owns it (staff). */
export const CART_MANAGE_PERMISSION = "cart:manage";

/** Names the customer of an order or a cart on someone's behalf (staff at a till, a support agent). */
export const ON_BEHALF_PERMISSION = "orders:create:on-behalf";

/** Who asks about a cart: the request's actor and the cart token it sent. */
export interface CartCaller {
  actor: Actor | null;
  /** The `x-cart-token` header. */
  cartToken?: string | undefined;
}

/**
 * The customer a signed-in person acts as: their customer profile, else their user id. API keys and
 * anonymous callers are no one's session: their carts are guest carts.
 */
export function sessionCustomerOf(actor: Actor | null): string | null {
  return actor?.type === "user" ? (actor.customerId ?? actor.id) : null;
}

/**
 * The customer a new cart (or an order) belongs to: `requested` when the caller may act on someone's
 * behalf, the caller's own session customer otherwise (a guest: null). Naming another customer without
 * that right is a 403.
 */
export function owningCustomer(actor: Actor | null, requested: string | undefined): string | null {
  const own = sessionCustomerOf(actor);
  if (requested === undefined || requested === own) return own;
  if (!hasPermission(actor, ON_BEHALF_PERMISSION)) throw AppError.forbidden(`Naming a customer needs ${ON_BEHALF_PERMISSION}`);
  return requested;
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
