import type { Generated } from "kysely";
import type { CoreTables, Json, Timestamp } from "../../db/core-tables.js";

/** What a promotion discounts; see `promotion-discounts.ts` for each type's arithmetic. */
export const PROMOTION_TYPES = ["percentage_off_order", "fixed_off_order", "percentage_off_item", "fixed_off_item", "buy_x_get_y", "free_shipping"] as const;

export type PromotionType = (typeof PROMOTION_TYPES)[number];

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type PromotionsTables = {
  promotions: {
    id: string;
    organizationId: string;
    /** As entered; unique per organization regardless of case. */
    code: string;
    name: string;
    type: PromotionType;
    /** Basis points for percentage types and buy_x_get_y, minor units for fixed types, 0 for free shipping. */
    value: number;
    /** When set, the promotion applies to carts in this currency only (required for fixed types). */
    currency: string | null;
    minSubtotal: number | null;
    eligibleEntityIds: Json<string[]>;
    eligibleCategoryIds: Json<string[]>;
    customerGroupIds: Json<string[]>;
    buyQuantity: number | null;
    getQuantity: number | null;
    usageLimit: number | null;
    used: Generated<number>;
    perCustomerLimit: number | null;
    isStackable: boolean;
    isActive: boolean;
    validFrom: Timestamp;
    validUntil: Date | null;
    createdAt: Timestamp;
    updatedAt: Timestamp;
  };
  /** Redemptions per customer: the guarded counter behind `perCustomerLimit`. */
  promotionCustomerUsages: {
    organizationId: string;
    promotionId: string;
    customerId: string;
    used: number;
  };
  /** One row per redemption, for reports and support. */
  promotionRedemptions: {
    id: string;
    organizationId: string;
    promotionId: string;
    customerId: string | null;
    orderId: string | null;
    discount: number;
    createdAt: Timestamp;
  };
};

export type PromotionsDb = CoreTables & PromotionsTables;
