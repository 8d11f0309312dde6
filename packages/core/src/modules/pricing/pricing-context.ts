import type { Kysely, Selectable, Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { tenantScope, type TenantScope } from "../../db/tenant-scope.js";
import { AppError } from "../../kernel/app-error.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import type { EventBus } from "../../kernel/event-bus.js";
import type { modifierSchema, priceSchema } from "./pricing-schemas.js";
import type { PricingDb, PricingTables } from "./pricing-tables.js";

/** What the pricing service's parts share. */
export interface PricingContext {
  database: DatabaseAccess;
  db: Kysely<PricingDb>;
  events: EventBus;
  /** The catalog, to check that entities and variants exist in the organization. */
  services: Services;
}

export function pricingScope(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
): TenantScope<PricingDb> {
  return tenantScope(db.withTables<PricingTables>(), organizationId);
}

/** A price record as the API answers it. */
export type Price = z.output<typeof priceSchema>;

/** A price modifier as the API answers it. */
export type PriceModifier = z.output<typeof modifierSchema>;

export const PRICE_COLUMNS = [
  "id",
  "entityId",
  "variantId",
  "currency",
  "customerGroupId",
  "amount",
  "createdAt",
  "updatedAt",
] as const;

export const MODIFIER_COLUMNS = [
  "id",
  "name",
  "kind",
  "value",
  "entityId",
  "variantId",
  "currency",
  "customerGroupId",
  "priority",
  "isActive",
  "startsAt",
  "endsAt",
  "createdAt",
  "updatedAt",
] as const;

type PriceRow = Pick<Selectable<PricingTables["pricingPrices"]>, (typeof PRICE_COLUMNS)[number]>;
type ModifierRow = Pick<Selectable<PricingTables["pricingModifiers"]>, (typeof MODIFIER_COLUMNS)[number]>;

export const toPrice = (row: PriceRow): Price => ({
  ...row,
  amount: Number(row.amount),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toModifier = (row: ModifierRow): PriceModifier => ({
  ...row,
  value: Number(row.value),
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const pricingErrors = {
  modifierNotFound: () => AppError.notFound("Price modifier"),
  fixedNeedsCurrency: () =>
    AppError.validation([{ path: "body.currency", message: "a fixed modifier needs a currency" }]),
  variantNeedsEntity: () =>
    AppError.validation([{ path: "body.entityId", message: "a variant modifier needs its entityId" }]),
  percentageOutOfRange: () =>
    AppError.validation([{ path: "body.value", message: "a percentage modifier takes -10000 to 100000 basis points" }]),
  badWindow: () => AppError.validation([{ path: "body.endsAt", message: "endsAt must be after startsAt" }]),
};
