import type { Kysely, Selectable, Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { tenantScope, type TenantScope } from "../../db/tenant-scope.js";
import type { Actor } from "../../kernel/actor.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import type { EventBus } from "../../kernel/event-bus.js";
import type { Logger } from "../../kernel/logger.js";
import type { CarrierRates } from "./carrier-rates.js";
import type { FulfillmentProvider } from "./shipping-fulfillment-provider.js";
import type {
  shippingAttributesSchema,
  shippingOptionSchema,
  shippingProfileSchema,
  shippingZoneSchema,
} from "./shipping-schemas.js";
import type { ShippingDb, ShippingTables } from "./shipping-tables.js";

/** What the shipping service's parts share. */
export interface ShippingContext {
  database: DatabaseAccess;
  db: Kysely<ShippingDb>;
  events: EventBus;
  /** Catalog (targets of attributes), tax (rates of options) and inventory (pickup warehouses). */
  services: Services;
  /** The configured carriers (`shipping.rateProviders`). */
  carriers: CarrierRates;
  /** The configured fulfillment providers by id (`shipping.fulfillmentProviders`). */
  fulfillmentProviders: ReadonlyMap<string, FulfillmentProvider>;
  logger: Logger;
}

export function shippingScope(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
): TenantScope<ShippingDb> {
  return tenantScope(db.withTables<ShippingTables>(), organizationId);
}

export type ShippingProfile = z.output<typeof shippingProfileSchema>;
export type ShippingZone = z.output<typeof shippingZoneSchema>;
export type ShippingOption = z.output<typeof shippingOptionSchema>;
export type ShippingAttributes = z.output<typeof shippingAttributesSchema>;

export const PROFILE_COLUMNS = ["id", "name", "isDefault", "createdAt", "updatedAt"] as const;
export const ZONE_COLUMNS = ["id", "name", "countries", "regions", "postalPatterns", "createdAt", "updatedAt"] as const;
export const OPTION_COLUMNS = [
  "id",
  "name",
  "zoneId",
  "profileId",
  "calculator",
  "rateProviderId",
  "fulfillmentProviderId",
  "rates",
  "taxClassId",
  "minWeightGrams",
  "maxWeightGrams",
  "isPickup",
  "warehouseId",
  "isActive",
  "createdAt",
  "updatedAt",
] as const;
export const ATTRIBUTE_COLUMNS = [
  "entityId",
  "variantId",
  "weightGrams",
  "lengthMm",
  "widthMm",
  "heightMm",
  "requiresShipping",
  "hsCode",
  "originCountry",
  "profileId",
  "updatedAt",
] as const;

type Row<T extends keyof ShippingTables, C extends readonly string[]> = Pick<
  Selectable<ShippingTables[T]>,
  C[number] & keyof Selectable<ShippingTables[T]>
>;

const stamps = (row: { createdAt: Date; updatedAt: Date }) => ({
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toProfile = (row: Row<"shippingProfiles", typeof PROFILE_COLUMNS>): ShippingProfile => ({
  ...row,
  ...stamps(row),
});
export const toZone = (row: Row<"shippingZones", typeof ZONE_COLUMNS>): ShippingZone => ({ ...row, ...stamps(row) });
export const toOption = (row: Row<"shippingOptions", typeof OPTION_COLUMNS>): ShippingOption => ({
  ...row,
  ...stamps(row),
});
export const toAttributes = (row: Row<"shippingAttributes", typeof ATTRIBUTE_COLUMNS>): ShippingAttributes => ({
  ...row,
  updatedAt: row.updatedAt.toISOString(),
});

/** Emits a shipping event in the change's transaction (audit only, not webhook events). */
export function emitShippingEvent(
  context: ShippingContext,
  trx: Transaction<CoreTables>,
  input: {
    organizationId: string;
    type: "shipping.create" | "shipping.update" | "shipping.delete";
    entityType: string;
    entityId: string;
    payload: Record<string, unknown>;
    actor: Actor | null;
  },
): Promise<unknown> {
  return context.events.emit(input, { trx });
}
