import type { Actor } from "../../kernel/actor.js";
import { AppError } from "../../kernel/app-error.js";
import { hasPermission } from "../../kernel/permissions.js";

// Who a customer is, whichever module asks (carts, checkout, promotions, payments, me): the rules belong
// to customers, so the modules that apply them need not import one another (carts and promotions did).

/** Names the customer of an order or a cart on someone's behalf (staff at a till, a support agent). */
export const ON_BEHALF_PERMISSION = "orders:create:on-behalf";

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
  if (!hasPermission(actor, ON_BEHALF_PERMISSION)) {
    throw AppError.forbidden(`Naming a customer needs ${ON_BEHALF_PERMISSION}`);
  }
  return requested;
}
