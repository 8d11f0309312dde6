import { z } from "zod";

export const warehouseSchema = z.object({ id: z.string(), name: z.string(), code: z.string(), createdAt: z.string() });

export const stockLevelSchema = z.object({
  id: z.string(),
  warehouseId: z.string(),
  entityId: z.string(),
  variantId: z.string().nullable(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  updatedAt: z.string(),
});

export const reservationSchema = z.object({
  id: z.string(),
  entityId: z.string(),
  variantId: z.string().nullable(),
  warehouseId: z.string(),
  quantity: z.number().int(),
  status: z.enum(["active", "released", "converted", "expired"]),
  reference: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});

/** Stock quantities stay well inside int4. */
export const quantitySchema = z.number().int().min(-1_000_000_000).max(1_000_000_000);
