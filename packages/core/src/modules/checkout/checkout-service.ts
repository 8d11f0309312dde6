import type { ServiceContext } from "../../kernel/contexts.js";
import type { TxOptions } from "../../kernel/transaction.js";
import type { WithHookErrors } from "../../kernel/transaction-runner.js";
import { placeOrder, type PlacedOrder, type PlaceOrderInput } from "./place-order.js";

/** Checkout: one transaction from a cart to an order, composed of the other modules' services. */
export function createCheckoutService({
  database,
  hooks,
  services,
}: Pick<ServiceContext, "database" | "hooks" | "services">) {
  return {
    /**
     * Places an order from a cart; see `placeOrder`. With `options.trx` it joins the caller's transaction
     * (a point-of-sale exchange composes it with a refund), whose opener reports the after-hooks' failures.
     */
    checkout: (input: PlaceOrderInput, options?: TxOptions): Promise<WithHookErrors<PlacedOrder>> =>
      placeOrder({ database, hooks, services }, input, options),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
export type { CheckoutDraft } from "./checkout-draft.js";
export type { PlacedOrder } from "./place-order.js";

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.checkout` too.
declare module "../../kernel/services.js" {
  interface Services {
    checkout: CheckoutService;
  }
}
