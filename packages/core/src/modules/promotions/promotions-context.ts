import type { Kysely, Selectable, Transaction } from "kysely";
import type { z } from "zod";
import type { CoreTables } from "../../db/core-tables.js";
import { tenantScope, type TenantScope } from "../../db/tenant-scope.js";
import type { Actor } from "../../kernel/actor.js";
import { hasPermission } from "../../kernel/permissions.js";
import type { DatabaseAccess, Services } from "../../kernel/contexts.js";
import type { EventBus } from "../../kernel/event-bus.js";
import type { promotionSchema } from "./promotions-schemas.js";
import type { PromotionsDb, PromotionsTables, PromotionType } from "./promotions-tables.js";

/** What the promotions service's parts share. */
export interface PromotionsContext {
  database: DatabaseAccess;
  db: Kysely<PromotionsDb>;
  events: EventBus;
  /** Pricing (line prices) and the catalog (entities, categories). */
  services: Services;
}

export function promotionsScope(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
): TenantScope<PromotionsDb> {
  return tenantScope(db.withTables<PromotionsTables>(), organizationId);
}

/** A promotion as the API answers it. */
export type Promotion = z.output<typeof promotionSchema>;

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
  "isPublic",
  "isActive",
  "validFrom",
  "validUntil",
  "createdAt",
  "updatedAt",
] as const;

/** The promotion row as read (value in its stored unit: basis points or minor units). */
export type PromotionRow = Pick<Selectable<PromotionsTables["promotions"]>, (typeof PROMOTION_COLUMNS)[number]>;

/** Types whose `value` is a percentage (stored in basis points). */
export const isPercentageType = (type: PromotionType): boolean =>
  type === "percentage_off_order" || type === "percentage_off_item" || type === "buy_x_get_y";

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

/**
 * Who sees every active promotion with its limits and groups: whoever creates or changes them. Others
 * (anonymous, a storefront key holding promotions:read, a customer) see only public ones.
 */
export const canManagePromotions = (actor: Actor | null): boolean =>
  hasPermission(actor, "promotions:create") || hasPermission(actor, "promotions:update");
