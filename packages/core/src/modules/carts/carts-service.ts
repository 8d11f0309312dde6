import type { ServiceContext } from "../../kernel/contexts.js";
import type { EventPayloadsOf } from "../../kernel/domain-events.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { createCartCheckoutOperations } from "./cart-checkout-operations.js";
import { createCartOperations } from "./cart-operations.js";
import { quoteCart, type CartQuote, type QuoteInput } from "./cart-quote.js";
import { quoteCartShipping, type CartShippingInput } from "./cart-shipping.js";
import type { ShippingQuote } from "../shipping/index.js";
import { cartTtlSeconds } from "./carts-config.js";
import type { CartsContext } from "./carts-context.js";
import type { cartsEvents } from "./carts-events.js";
import type { CartsTables } from "./carts-tables.js";

/**
 * Carts: creation (owned by a session customer, or by whoever holds the cart token), lines priced by the
 * server, promotion previews, tax and totals; and for checkout, the cart lock and the quote it charges.
 */
export function createCartsService({
  config,
  database,
  events,
  services,
}: Pick<ServiceContext, "config" | "database" | "events" | "services">) {
  const context: CartsContext = {
    database,
    db: database.db.withTables<CartsTables>(),
    events,
    services,
    ttlSeconds: cartTtlSeconds(config.carts),
  };
  return {
    ...createCartOperations(context),
    ...createCartCheckoutOperations(context),
    /** Prices lines the way checkout charges them (see `quoteCart`); reads only. */
    quote: (input: QuoteInput, options?: TxOptions): Promise<CartQuote> => quoteCart(services, input, options),
    /** Quotes the shipping of a priced cart the way its answer shows it (see `quoteCartShipping`); reads only. */
    quoteShipping: (input: CartShippingInput, options?: TxOptions): Promise<ShippingQuote> =>
      quoteCartShipping(services, input, options),
  };
}

export type CartsService = ReturnType<typeof createCartsService>;

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.carts` too.
declare module "../../kernel/services.js" {
  interface Services {
    carts: CartsService;
  }
}

// The events this module emits, declared beside the service for the same reason as the service itself.
declare module "../../kernel/domain-events.js" {
  interface DomainEvents extends EventPayloadsOf<typeof cartsEvents> {}
}

declare module "../../kernel/kernel-task.js" {
  interface TaskInputs {
    /** Deletes expired carts (a batch); the `carts/prune` task runs it hourly. */
    "carts/prune": Record<string, never>;
  }
}
