import { z } from "zod";
import { MAX_MINOR_UNITS } from "./money-rounding.js";

/** ISO 4217 code, upper case (`EUR`, `USD`). */
export const currencySchema = z.string().regex(/^[A-Z]{3}$/, "an ISO 4217 code in upper case, such as EUR");

/** An amount in minor units: a non-negative integer. */
export const amountSchema = z.number().int().min(0).max(MAX_MINOR_UNITS);

export const customerGroupIdSchema = z.string().min(1).max(100);

export const priceSchema = z.object({
  id: z.string(),
  entityId: z.string(),
  variantId: z.string().nullable(),
  currency: z.string(),
  customerGroupId: z.string().nullable(),
  amount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const modifierSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(["percentage", "fixed"]),
  value: z.number().int(),
  entityId: z.string().nullable(),
  variantId: z.string().nullable(),
  currency: z.string().nullable(),
  customerGroupId: z.string().nullable(),
  priority: z.number().int(),
  isActive: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Body of a modifier create; a PATCH takes any subset. */
export const modifierBody = z.object({
  name: z.string().min(1).max(200),
  kind: z.enum(["percentage", "fixed"]),
  /** Basis points for `percentage` (-10,000 = -100 % … 100,000), signed minor units for `fixed`. */
  value: z.number().int().min(-MAX_MINOR_UNITS).max(MAX_MINOR_UNITS),
  entityId: z.uuid().nullable().optional(),
  variantId: z.uuid().nullable().optional(),
  currency: currencySchema.nullable().optional(),
  customerGroupId: customerGroupIdSchema.nullable().optional(),
  priority: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  isActive: z.boolean().optional(),
  startsAt: z.iso.datetime({ offset: true }).transform((value) => new Date(value)).nullable().optional(),
  endsAt: z.iso.datetime({ offset: true }).transform((value) => new Date(value)).nullable().optional(),
});
