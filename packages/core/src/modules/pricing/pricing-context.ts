import type { Kysely, Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { tenantScope, type TenantScope } from "../../db/tenant-scope.js";
import { AppError } from "../../kernel/app-error.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import type { EventBus } from "../../kernel/event-bus.js";
import type { ModifierKind, PricingDb, PricingTables } from "./pricing-tables.js";

/** What the pricing service's parts share. */
export interface PricingContext {
  database: DatabaseAccess;
  db: Kysely<PricingDb>;
  events: EventBus;
  /** The catalog, to check that entities and variants exist in the organization. */
  services: Services;
}

export function pricingScope(db: Kysely<CoreTables> | Transaction<CoreTables>, organizationId: string): TenantScope<PricingDb> {
  return tenantScope(db.withTables<PricingTables>(), organizationId);
}

/** A price record as the API answers it. */
export interface Price {
  id: string;
  entityId: string;
  variantId: string | null;
  currency: string;
  customerGroupId: string | null;
  amount: number;
  createdAt: string;
  updatedAt: string;
}

/** A price modifier as the API answers it. */
export interface PriceModifier {
  id: string;
  name: string;
  kind: ModifierKind;
  value: number;
  entityId: string | null;
  variantId: string | null;
  currency: string | null;
  customerGroupId: string | null;
  priority: number;
  isActive: boolean;
  startsAt: string | null;
  endsAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const PRICE_COLUMNS = ["id", "entityId", "variantId", "currency", "customerGroupId", "amount", "createdAt", "updatedAt"] as const;

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

type Dated<T> = Omit<T, "createdAt" | "updatedAt"> & { createdAt: Date; updatedAt: Date };

export const toPrice = (row: Dated<Price>): Price => ({ ...row, amount: Number(row.amount), createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

export const toModifier = (row: Omit<Dated<PriceModifier>, "startsAt" | "endsAt"> & { startsAt: Date | null; endsAt: Date | null }): PriceModifier => ({
  ...row,
  value: Number(row.value),
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const pricingErrors = {
  modifierNotFound: () => AppError.notFound("Price modifier"),
  fixedNeedsCurrency: () => AppError.validation([{ path: "body.currency", message: "a fixed modifier needs a currency" }]),
  variantNeedsEntity: () => AppError.validation([{ path: "body.entityId", message: "a variant modifier needs its entityId" }]),
  percentageOutOfRange: () => AppError.validation([{ path: "body.value", message: "a percentage modifier takes -10000 to 100000 basis points" }]),
  badWindow: () => AppError.validation([{ path: "body.endsAt", message: "endsAt must be after startsAt" }]),
};

/** Checks the entity (and variant) exist in the organization, through the catalog's service (404 otherwise). */
export async function assertPriceTarget(context: PricingContext, organizationId: string, entityId: string, variantId?: string | null): Promise<void> {
  const existing = await context.services.catalog.existingEntityIds(organizationId, [entityId]);
  if (!existing.has(entityId)) throw AppError.notFound("Catalog entity");
  if (variantId) await context.services.catalog.requireVariant(organizationId, entityId, variantId);
}
