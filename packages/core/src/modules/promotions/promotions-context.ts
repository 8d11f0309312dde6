import type { Kysely, Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import { tenantScope, type TenantScope } from "../../db/tenant-scope.js";
import { AppError } from "../../kernel/app-error.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import type { EventBus } from "../../kernel/event-bus.js";
import type { PromotionsDb, PromotionsTables, PromotionType } from "./promotions-tables.js";

/** What the promotions service's parts share. */
export interface PromotionsContext {
  database: DatabaseAccess;
  db: Kysely<PromotionsDb>;
  events: EventBus;
  /** Pricing (line prices) and the catalog (entities, categories). */
  services: Services;
}

export function promotionsScope(db: Kysely<CoreTables> | Transaction<CoreTables>, organizationId: string): TenantScope<PromotionsDb> {
  return tenantScope(db.withTables<PromotionsTables>(), organizationId);
}

/** A promotion as the API answers it. */
export interface Promotion {
  id: string;
  code: string;
  name: string;
  type: PromotionType;
  /** Percent (0.01 steps) for percentage types and buy_x_get_y, minor units for fixed types, 0 for free shipping. */
  value: number;
  currency: string | null;
  minSubtotal: number | null;
  eligibleEntityIds: string[];
  eligibleCategoryIds: string[];
  customerGroupIds: string[];
  buyQuantity: number | null;
  getQuantity: number | null;
  usageLimit: number | null;
  used: number;
  perCustomerLimit: number | null;
  isStackable: boolean;
  isActive: boolean;
  validFrom: string;
  validUntil: string | null;
  createdAt: string;
  updatedAt: string;
}

export const PROMOTION_COLUMNS = [
  "id",
  "code",
  "name",
  "type",
  "value",
  "currency",
  "minSubtotal",
  "eligibleEntityIds",
  "eligibleCategoryIds",
  "customerGroupIds",
  "buyQuantity",
  "getQuantity",
  "usageLimit",
  "used",
  "perCustomerLimit",
  "isStackable",
  "isActive",
  "validFrom",
  "validUntil",
  "createdAt",
  "updatedAt",
] as const;

/** The promotion row as read (value in its stored unit: basis points or minor units). */
export type PromotionRow = Omit<Promotion, "value" | "validFrom" | "validUntil" | "createdAt" | "updatedAt"> & {
  value: number;
  validFrom: Date;
  validUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** Types whose `value` is a percentage (stored in basis points). */
export const isPercentageType = (type: PromotionType): boolean => type === "percentage_off_order" || type === "percentage_off_item" || type === "buy_x_get_y";

/** Types whose `value` is an amount of minor units (they need a currency). */
export const isFixedType = (type: PromotionType): boolean => type === "fixed_off_order" || type === "fixed_off_item";

export const toPromotion = (row: PromotionRow): Promotion => ({
  ...row,
  value: isPercentageType(row.type) ? Number(row.value) / 100 : Number(row.value),
  minSubtotal: row.minSubtotal === null ? null : Number(row.minSubtotal),
  validFrom: row.validFrom.toISOString(),
  validUntil: row.validUntil?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const promotionsErrors = {
  promotionNotFound: () => AppError.notFound("Promotion"),
  codeNotFound: (code: string) => new AppError("NOT_FOUND", { message: `Promotion code ${code} not found` }),
  invalid: (path: string, message: string) => AppError.validation([{ path, message }]),
  exhausted: (code: string) => new AppError("CONFLICT", { message: `Promotion ${code} cannot be redeemed: inactive, outside its validity window, or its usage limit is reached` }),
  customerExhausted: (code: string) => new AppError("CONFLICT", { message: `Promotion ${code} reached its limit for this customer` }),
};
