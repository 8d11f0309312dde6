import type { Kysely, Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { tenantScope, type TenantScope } from "../../db/tenant-scope.js";
import { AppError } from "../../kernel/app-error.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import type { EventBus } from "../../kernel/event-bus.js";
import type { TaxConfig } from "./tax-config.js";
import type { TaxDb, TaxTables } from "./tax-tables.js";

/** What the tax service's parts share. */
export interface TaxContext {
  database: DatabaseAccess;
  db: Kysely<TaxDb>;
  events: EventBus;
  /** The catalog, to check that entities and variants exist. */
  services: Services;
  config: TaxConfig;
}

export function taxScope(db: Kysely<CoreTables> | Transaction<CoreTables>, organizationId: string): TenantScope<TaxDb> {
  return tenantScope(db.withTables<TaxTables>(), organizationId);
}

/** A tax class as the API answers it. */
export interface TaxClass {
  id: string;
  name: string;
  rateBps: number;
  isDefault: boolean;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

/** An assignment of a class to an entity or a variant. */
export interface TaxClassAssignment {
  entityId: string;
  variantId: string | null;
  taxClassId: string;
  updatedAt: string;
}

export const TAX_CLASS_COLUMNS = ["id", "name", "rateBps", "isDefault", "isActive", "createdAt", "updatedAt"] as const;

export const toTaxClass = (row: Omit<TaxClass, "createdAt" | "updatedAt"> & { createdAt: Date; updatedAt: Date }): TaxClass => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const taxErrors = {
  classNotFound: () => AppError.notFound("Tax class"),
};
