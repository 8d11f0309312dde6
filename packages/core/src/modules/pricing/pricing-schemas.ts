import { z } from "zod";
import { amountSchema } from "../../money/amount-schema.js";
import { currencySchema } from "../../money/currency-schema.js";
import { MAX_MINOR_UNITS } from "../../money/money-rounding.js";

export const customerGroupIdSchema = z.string().min(1).max(100);

/** How a modifier changes a price: by basis points of the running amount, or by a fixed amount. */
export const modifierKindSchema = z.enum(["percentage", "fixed"]);

/** A price record: the one definition of its fields (type, table columns and answer derive from it). */
export const priceSchema = z.object({
  id: z.string(),
  entityId: z.string(),
  variantId: z.string().nullable(),
  /** ISO 4217, upper case. */
  currency: z.string(),
  /** Null: the base price, for everyone. */
  customerGroupId: z.string().nullable(),
  /** Minor units. */
  amount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A price modifier: the one definition of its fields. */
export const modifierSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: modifierKindSchema,
  /** Signed: basis points for `percentage`, minor units for `fixed`. */
  value: z.number().int(),
  /** Null: every entity. */
  entityId: z.string().nullable(),
  /** Null: the entity's every variant (and its entity-level price). */
  variantId: z.string().nullable(),
  /** Null: every currency (percentage modifiers only). */
  currency: z.string().nullable(),
  /** Null: every customer. */
  customerGroupId: z.string().nullable(),
  priority: z.number().int(),
  isActive: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Body of `POST /pricing/prices`; its input type is the service's `UpsertPriceInput`. */
export const upsertPriceInput = z.object({
  entityId: z.uuid(),
  variantId: z.uuid().nullable().optional(),
  currency: currencySchema,
  customerGroupId: customerGroupIdSchema.nullable().optional(),
  amount: amountSchema,
});

/** Body of a modifier create; a PATCH takes any subset. */
export const modifierBody = z.object({
  name: z.string().min(1).max(200),
  kind: modifierKindSchema,
  /** Basis points for `percentage` (-10,000 = -100 % … 100,000), signed minor units for `fixed`. */
  value: z.number().int().min(-MAX_MINOR_UNITS).max(MAX_MINOR_UNITS),
  entityId: z.uuid().nullable().optional(),
  variantId: z.uuid().nullable().optional(),
  currency: currencySchema.nullable().optional(),
  customerGroupId: customerGroupIdSchema.nullable().optional(),
  priority: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  isActive: z.boolean().optional(),
  startsAt: z.iso
    .datetime({ offset: true })
    .transform((value) => new Date(value))
    .nullable()
    .optional(),
  endsAt: z.iso
    .datetime({ offset: true })
    .transform((value) => new Date(value))
    .nullable()
    .optional(),
});
