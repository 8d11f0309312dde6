import { z } from "zod";

export const taxClassBody = z.object({
  /** A slug: lowercase letters, digits, `_` and `-`. */
  name: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "a slug: lowercase letters, digits, _ and -"),
  /** Basis points: 2000 = 20 %. */
  rateBps: z.number().int().min(0).max(10_000),
  isDefault: z.boolean().optional(),
  isActive: z.boolean().optional(),
});

// Each record is defined once, here: its answer, its TypeScript type and its table's columns
// (`TableOf` in tax-tables.ts) derive from the schema.

/** A tax class. */
export const taxClassSchema = z.object({
  id: z.string(),
  /** A slug, unique in the organization. */
  name: z.string(),
  rateBps: z.number().int(),
  /** At most one per organization (partial unique index). */
  isDefault: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Which class taxes an entity (variantId null) or one of its variants. */
export const taxAssignmentSchema = z.object({
  entityId: z.string(),
  variantId: z.string().nullable(),
  taxClassId: z.string(),
  updatedAt: z.string(),
});

/** Body of `PUT /tax/assignments`; its input type is the service's `AssignTaxClassInput`. */
export const assignTaxClassInput = z.object({
  entityId: z.uuid(),
  variantId: z.uuid().nullable().optional(),
  /** Null removes the assignment. */
  taxClassId: z.uuid().nullable(),
});
