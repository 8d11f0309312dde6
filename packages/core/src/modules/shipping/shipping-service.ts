import type { ServiceContext } from "../../kernel/contexts.js";
import type { DomainEventPayload } from "../../kernel/domain-events.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { createShippingAttributeOperations } from "./shipping-attribute-operations.js";
import { createCarrierRates } from "./carrier-rates.js";
import { createShipmentCancellation } from "./shipment-cancellation.js";
import { createShipmentOperations } from "./shipment-operations.js";
import { assertShippingConfig } from "./shipping-config.js";
import type { ShippingContext } from "./shipping-context.js";
import { createShippingOptionOperations } from "./shipping-option-operations.js";
import { createShippingProfileOperations } from "./shipping-profile-operations.js";
import { quoteShipping, type ShippingQuote, type ShippingQuoteInput } from "./shipping-quote.js";
import { selectShipping } from "./shipping-selection.js";
import type { ShippingTables } from "./shipping-tables.js";
import { createShippingZoneOperations } from "./shipping-zone-operations.js";

/**
 * Shipping: profiles, zones and options per zone and profile, physical attributes of what is sold, and
 * the quote carts and checkout price shipping with.
 */
export function createShippingService({
  config,
  database,
  events,
  services,
  logger,
}: Pick<ServiceContext, "config" | "database" | "events" | "services" | "logger">) {
  assertShippingConfig(config.shipping);
  const context: ShippingContext = {
    database,
    db: database.db.withTables<ShippingTables>(),
    events,
    services,
    // Read at call time: the container holds `outbound` once every module's services are built.
    carriers: createCarrierRates(config.shipping, () => ({ outbound: services.outbound })),
    fulfillmentProviders: new Map(
      (config.shipping?.fulfillmentProviders ?? []).map((provider) => [provider.id, provider]),
    ),
    logger,
  };
  return {
    ...createShippingProfileOperations(context),
    ...createShippingZoneOperations(context),
    ...createShippingOptionOperations(context),
    ...createShippingAttributeOperations(context),
    ...createShipmentOperations(context),
    ...createShipmentCancellation(context),
    /** The cart's shipping groups with every option priced; see `quoteShipping`. Reads only. */
    quote: (input: ShippingQuoteInput, options?: TxOptions): Promise<ShippingQuote> =>
      quoteShipping(context, input, options),
    /** The chosen options of a quote, or the failure checkout answers; see `selectShipping`. */
    select: selectShipping,
  };
}

export type ShippingService = ReturnType<typeof createShippingService>;

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.shipping` too.
declare module "../../kernel/services.js" {
  interface Services {
    shipping: ShippingService;
  }
}

declare module "../../kernel/kernel-task.js" {
  interface TaskInputs {
    /** Asks a fulfillment provider for a fulfillment's shipment, after the fulfillment committed. */
    "shipping/create-shipment": { shipmentId: string };
    /** Asks a fulfillment provider to cancel a shipment, after the cancellation committed. */
    "shipping/cancel-shipment": { shipmentId: string };
  }
}

// The events this module emits, declared beside the service for the same reason as the service itself.
declare module "../../kernel/domain-events.js" {
  interface DomainEvents {
    /** Profiles, zones, options and attributes change (audit only, not webhook events). */
    "shipping.create": DomainEventPayload;
    "shipping.update": DomainEventPayload;
    "shipping.delete": DomainEventPayload;
  }
}
