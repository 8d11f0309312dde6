import { z } from "zod";
import { amountSchema } from "../../money/amount-schema.js";
import { currencySchema } from "../../money/currency-schema.js";
import { customerGroupIdSchema } from "../pricing/index.js";
import { PROMOTION_TYPES } from "./promotions-tables.js";

/** Letters, digits, `_` and `-`; compared without case. */
export const codeSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "1 to 64 letters, digits, _ or -");

/** An ISO 8601 date-time (with offset or Z), or a date (midnight UTC), converted to a Date on the server. */
const isoDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()]).transform((value) => new Date(value));

export const promotionBody = z.object({
  code: codeSchema,
  name: z.string().min(1).max(200),
  type: z.enum(PROMOTION_TYPES),
  /** Percent for percentage types and buy_x_get_y (10 = 10 %), minor units for fixed types; omitted for free_shipping. */
  value: z.number().min(0).optional(),
  currency: currencySchema.nullable().optional(),
  minSubtotal: amountSchema.nullable().optional(),
  eligibleEntityIds: z.array(z.uuid()).max(500).optional(),
  eligibleCategoryIds: z.array(z.uuid()).max(500).optional(),
  customerGroupIds: z.array(customerGroupIdSchema).max(100).optional(),
  buyQuantity: z.number().int().min(1).max(1000).nullable().optional(),
  getQuantity: z.number().int().min(1).max(1000).nullable().optional(),
  usageLimit: z.number().int().min(1).max(1_000_000_000).nullable().optional(),
  perCustomerLimit: z.number().int().min(1).max(1_000_000).nullable().optional(),
  isStackable: z.boolean().optional(),
  /** Listed by `GET /promotions` to anonymous and storefront callers (without its limits and groups). @default false */
  isPublic: z.boolean().optional(),
  validFrom: isoDate.optional(),
  validUntil: isoDate.nullable().optional(),
});

/** A promotion as the API answers it: the one definition of its fields (type and table columns derive from it). */
export const promotionSchema = z.object({
  id: z.string(),
  /** As entered; unique per organization regardless of case. */
  code: z.string(),
  name: z.string(),
  type: z.enum(PROMOTION_TYPES),
  /** Percent (0.01 steps) for percentage types and buy_x_get_y, minor units for fixed types, 0 for free shipping. */
  value: z.number(),
  /** When set, the promotion applies to carts in this currency only (required for fixed types). */
  currency: z.string().nullable(),
  minSubtotal: z.number().int().nullable(),
  eligibleEntityIds: z.array(z.string()),
  eligibleCategoryIds: z.array(z.string()),
  customerGroupIds: z.array(z.string()),
  buyQuantity: z.number().int().nullable(),
  getQuantity: z.number().int().nullable(),
  usageLimit: z.number().int().nullable(),
  used: z.number().int(),
  perCustomerLimit: z.number().int().nullable(),
  isStackable: z.boolean(),
  /** Advertised: `GET /promotions` lists it to callers who do not manage promotions. */
  isPublic: z.boolean(),
  isActive: z.boolean(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** What only staff see of a promotion: how often it may be used and for whom. */
const STAFF_ONLY_FIELDS = { customerGroupIds: true, usageLimit: true, used: true, perCustomerLimit: true } as const;

/**
 * A promotion as `GET /promotions` answers it: whole to callers who manage promotions, without
 * `STAFF_ONLY_FIELDS` to anyone else (anonymous, storefront keys, customers).
 */
export const listedPromotionSchema = promotionSchema.partial(STAFF_ONLY_FIELDS);

/** A public promotion as callers who do not manage promotions see it. */
export const toPublicPromotion = <P extends Record<keyof typeof STAFF_ONLY_FIELDS, unknown>>(
  promotion: P,
): Omit<P, keyof typeof STAFF_ONLY_FIELDS> => {
  const {
    customerGroupIds: _groups,
    usageLimit: _limit,
    used: _used,
    perCustomerLimit: _perCustomer,
    ...shown
  } = promotion;
  return shown;
};
