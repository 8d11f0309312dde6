import type { Kysely } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import type { ServiceContext } from "../../kernel/contexts.js";
import type { TxOptions } from "../../kernel/transaction.js";
import { createBulkPriceOperations } from "./bulk-price-operations.js";
import { createModifierOperations } from "./modifier-operations.js";
import { createPriceOperations } from "./price-operations.js";
import {
  activeModifiers,
  appliesTo,
  applyModifiers,
  resolvePrices,
  type ResolvedPrice,
  type ResolveInput,
} from "./price-resolution.js";
import { pricingScope, type PricingContext } from "./pricing-context.js";
import type { PricingTables } from "./pricing-tables.js";
import type { EventPayloadsOf } from "../../kernel/domain-events.js";
import type { pricingEvents } from "./pricing-events.js";

/** One entry of `include=pricing`: a base (no customer group) price with its modifiers applied. */
export interface EntityPricing {
  variantId: string | null;
  currency: string;
  baseAmount: number;
  amount: number;
}

/**
 * Prices, modifiers, and the one price resolution every caller uses (`resolve`: carts, checkout,
 * promotions, `include=pricing`). Registers the catalog's `pricing` include.
 */
export function createPricingService({
  database,
  events,
  services,
}: Pick<ServiceContext, "database" | "events" | "services">) {
  const context: PricingContext = { database, db: database.db.withTables<PricingTables>(), events, services };

  services.catalog.registerInclude({
    name: "pricing",
    emptyValue: [],
    // Two queries for the page (prices, modifiers), whatever the number of entities.
    load: ({ organizationId, entityIds, trx }) => loadEntityPricing(trx ?? database.db, organizationId, entityIds),
  });

  return {
    ...createPriceOperations(context),
    ...createModifierOperations(context),
    ...createBulkPriceOperations(context),
    /**
     * Unit prices of lines in a currency, for a customer's groups: variant price over entity price, group
     * price over base price, then modifiers (see `applyModifiers`). Null for a line without a price.
     */
    resolve: (input: ResolveInput, options?: TxOptions): Promise<(ResolvedPrice | null)[]> =>
      resolvePrices(options?.trx ?? database.db, input),
    /** Removes the prices and modifiers of a deleted entity (catalog.delete, same transaction). */
    async removeEntityPricing(organizationId: string, entityId: string, { trx }: Required<TxOptions>): Promise<void> {
      const scope = pricingScope(trx, organizationId);
      await scope.deleteFrom("pricingPrices").where("entityId", "=", entityId).execute();
      await scope.deleteFrom("pricingModifiers").where("entityId", "=", entityId).execute();
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;

async function loadEntityPricing(
  db: Kysely<CoreTables>,
  organizationId: string,
  entityIds: readonly string[],
): Promise<Map<string, EntityPricing[]>> {
  const at = new Date();
  const [prices, modifiers] = await Promise.all([
    pricingScope(db, organizationId)
      .selectFrom("pricingPrices")
      .select(["entityId", "variantId", "currency", "amount"])
      .where("entityId", "in", entityIds)
      .where("customerGroupId", "is", null)
      .orderBy("entityId")
      .orderBy("variantId", (ob) => ob.nullsFirst())
      .orderBy("currency")
      .execute(),
    activeModifiers(db, { organizationId, entityIds, customerGroupIds: [], at }),
  ]);
  const byEntity = new Map<string, EntityPricing[]>();
  for (const price of prices) {
    const applicable = modifiers.filter(
      (modifier) => (modifier.currency === null || modifier.currency === price.currency) && appliesTo(modifier, price),
    );
    const entry = {
      variantId: price.variantId,
      currency: price.currency,
      baseAmount: price.amount,
      amount: applyModifiers(price.amount, applicable).amount,
    };
    byEntity.set(price.entityId, [...(byEntity.get(price.entityId) ?? []), entry]);
  }
  return byEntity;
}

// Registers the service in the container; it lives beside its type so that whoever sees the type (the
// public index, the emitted `dist` types) sees `services.pricing` too.
declare module "../../kernel/services.js" {
  interface Services {
    pricing: PricingService;
  }
}

// The events this module emits, declared beside the service for the same reason as the service itself.
declare module "../../kernel/domain-events.js" {
  interface DomainEvents extends EventPayloadsOf<typeof pricingEvents> {}
}
