import { z } from "zod";

export const taxClassBody = z.object({
  /** A slug: lowercase letters, digits, `_` and `-`. */
  name: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "a slug: lowercase letters, digits, _ and -"),
  /** Basis points: 2000 = 20 %. */
  rateBps: z.number().int().min(0).max(10_000),
  isDefault: z.boolean().optional(),
  isActive: z.boolean().optional(),
});

export const taxClassSchema = z.object({
  id: z.string(),
  name: z.string(),
  rateBps: z.number().int(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const taxAssignmentSchema = z.object({ entityId: z.string(), variantId: z.string().nullable(), taxClassId: z.string(), updatedAt: z.string() });
