import type { Generated } from "kysely";
import type { z } from "zod";
import type { CoreTables, Json, Timestamp } from "../../db/core-tables.js";
import type { TableOf } from "../../db/table-of.js";
import type { promotionSchema } from "./promotions-schemas.js";

/** What a promotion discounts; see `promotion-discounts.ts` for each type's arithmetic. */
export const PROMOTION_TYPES = [
  "percentage_off_order",
  "fixed_off_order",
  "percentage_off_item",
  "fixed_off_item",
  "buy_x_get_y",
  "free_shipping",
] as const;

export type PromotionType = (typeof PROMOTION_TYPES)[number];

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type PromotionsTables = {
  promotions: TableOf<
    z.output<typeof promotionSchema>,
    {
      organizationId: string;
      /** Basis points for percentage types and buy_x_get_y (the answer shows percent), minor units for fixed types, 0 for free shipping. */
      value: number;
      eligibleEntityIds: Json<string[]>;
      eligibleCategoryIds: Json<string[]>;
      customerGroupIds: Json<string[]>;
      used: Generated<number>;
      validFrom: Timestamp;
      validUntil: Date | null;
      createdAt: Timestamp;
      updatedAt: Timestamp;
    }
  >;
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
