import type { Kysely, Selectable, Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { tenantScope, type TenantScope } from "../../db/tenant-scope.js";
import { AppError } from "../../kernel/app-error.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import type { EventBus } from "../../kernel/event-bus.js";
import type { TaxConfig } from "./tax-config.js";
import type { taxAssignmentSchema, taxClassSchema } from "./tax-schemas.js";
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
export type TaxClass = z.output<typeof taxClassSchema>;

/** An assignment of a class to an entity or a variant. */
export type TaxClassAssignment = z.output<typeof taxAssignmentSchema>;

export const TAX_CLASS_COLUMNS = ["id", "name", "rateBps", "isDefault", "isActive", "createdAt", "updatedAt"] as const;

export const toTaxClass = (
  row: Pick<Selectable<TaxTables["taxClasses"]>, (typeof TAX_CLASS_COLUMNS)[number]>,
): TaxClass => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const taxErrors = {
  classNotFound: () => AppError.notFound("Tax class"),
};
