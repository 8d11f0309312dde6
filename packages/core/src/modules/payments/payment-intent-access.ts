import { AppError } from "../../kernel/app-error.js";
import { hasPermission } from "../../kernel/permissions.js";
import { sessionCustomerOf } from "../customers/index.js";
import type { CartCaller } from "../carts/index.js";
import { isUuid } from "../../db/is-uuid.js";
import { paymentsScope, type PaymentsContext } from "./payments-context.js";
import type { PaymentIntentAnswer } from "./payments-schemas.js";

/** Staff who read every order read every order's payment. */
export const ORDERS_READ_PERMISSION = "orders:read";

/** Who asks for an intent: the request's actor and the cart token it sent. */
export interface ReadIntentInput {
  organizationId: string;
  intentId: string;
  caller: CartCaller;
}

const intentNotFound = () => AppError.notFound("Payment intent");

export function createPaymentIntentAccess({ database, services, secrets }: PaymentsContext) {
  /**
   * The rule of `GET /payments/intents/:id`: staff with `orders:read`, the customer the order belongs to
   * (their session), or whoever owns the order's cart by the carts' rule (its `x-cart-token`: how a guest
   * proves the order is theirs, for as long as the cart is kept, `carts.ttlSeconds`).
   */
  async function mayReadPaymentOf(organizationId: string, orderId: string, caller: CartCaller): Promise<boolean> {
    if (hasPermission(caller.actor, ORDERS_READ_PERMISSION)) return true;
    const order = await services.orders.get(organizationId, orderId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "NOT_FOUND") return null;
      throw error;
    });
    if (order === null) return false;
    const customer = sessionCustomerOf(caller.actor);
    if (customer !== null && order.customerId === customer) return true;
    return services.carts.isReachableBy(organizationId, order.cartId, caller);
  }

  return {
    /**
     * An intent with its client secret, opened for this answer only, to whoever may see its order;
     * anyone else (another guest, customer or organization) is told it does not exist.
     */
    async readIntent({ organizationId, intentId, caller }: ReadIntentInput): Promise<PaymentIntentAnswer> {
      if (!isUuid(intentId)) throw intentNotFound();
      const row = await paymentsScope(database.db, organizationId)
        .selectFrom("paymentIntents")
        .select(["id", "orderId", "provider", "status", "amount", "currency", "lastError", "clientSecretSealed"])
        .where("id", "=", intentId)
        .executeTakeFirst();
      if (!row || !(await mayReadPaymentOf(organizationId, row.orderId, caller))) throw intentNotFound();
      const { clientSecretSealed, ...intent } = row;
      return { ...intent, clientSecret: clientSecretSealed === null ? null : secrets.open(clientSecretSealed) };
    },
  };
}
