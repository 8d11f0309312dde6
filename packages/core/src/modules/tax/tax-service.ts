import type { ServiceContext } from "../../kernel/contexts.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { calculateTax, type TaxCalculation, type TaxCalculationInput } from "./tax-calculation.js";
import { createTaxAssignmentOperations } from "./tax-assignment-operations.js";
import { createTaxClassOperations } from "./tax-class-operations.js";
import { classRates, type ClassRateOf } from "./tax-class-rates.js";
import { assertTaxConfig } from "./tax-config.js";
import type { TaxContext } from "./tax-context.js";
import type { TaxTables } from "./tax-tables.js";
import type { DomainEventPayload } from "../../kernel/domain-events.js";

/** Tax classes, their assignment to entities and variants, and the per-line tax calculation checkout uses. */
export function createTaxService({
  database,
  events,
  services,
  config,
}: Pick<ServiceContext, "database" | "events" | "services" | "config">) {
  assertTaxConfig(config.tax);
  const context: TaxContext = {
    database,
    db: database.db.withTables<TaxTables>(),
    events,
    services,
    config: config.tax ?? {},
  };
  return {
    ...createTaxClassOperations(context),
    ...createTaxAssignmentOperations(context),
    /** Net, tax and gross of each line and in total; see `calculateTax` for the resolution order. */
    calculate: (input: TaxCalculationInput, options?: TxOptions): Promise<TaxCalculation> =>
      calculateTax(options?.trx ?? database.db, context.config, input),
    /** The rates of tax classes for charges that are no entity (shipping); see `classRates`. */
    classRates: (input: Parameters<typeof classRates>[2], options?: TxOptions): Promise<ClassRateOf> =>
      classRates(options?.trx ?? database.db, context.config, input),
  };
}

export type TaxService = ReturnType<typeof createTaxService>;

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.tax` too.
declare module "../../kernel/services.js" {
  interface Services {
    tax: TaxService;
  }
}

// The events this module emits, declared beside the service for the same reason as the service itself.
declare module "../../kernel/domain-events.js" {
  interface DomainEvents {
    /** Tax classes and assignments change (audit only, not webhook events). */
    "tax.create": DomainEventPayload;
    "tax.update": DomainEventPayload;
    "tax.delete": DomainEventPayload;
  }
}
