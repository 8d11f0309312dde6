import { z } from "zod";

// Each record below is defined once, here: its answer, its TypeScript type and its table's columns
// (`TableOf` in inventory-tables.ts) derive from the schema.

/** A place stock is kept. */
export const warehouseSchema = z.object({ id: z.string(), name: z.string(), code: z.string(), createdAt: z.string() });

/** Stock of an entity (or variant) in a warehouse; `available` is on hand minus reserved, never stored. */
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

/** Lifecycle of a reservation: active until released, converted (sold) or expired. */
export const reservationStatusSchema = z.enum(["active", "released", "converted", "expired"]);

/** Stock held for a cart or an order until it is converted (sold), released, or expires. */
export const reservationSchema = z.object({
  id: z.string(),
  entityId: z.string(),
  variantId: z.string().nullable(),
  warehouseId: z.string(),
  quantity: z.number().int(),
  status: reservationStatusSchema,
  reference: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});

/** Body of `POST /inventory/reserve`; its input type is the service's `ReserveInput`. */
export const reserveInput = z
  .object({
    entityId: z.uuid(),
    variantId: z.uuid().nullable().optional(),
    /** @default the warehouse with the most available stock */
    warehouseId: z.uuid().optional(),
    quantity: z.number().int().min(1).max(1_000_000),
    /** Seconds until the reservation expires unless converted. @default 900 */
    ttlSeconds: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 3600)
      .optional(),
    /**
     * When the reservation expires, instead of `ttlSeconds` (not both): for holds that last until a known
     * moment (a layaway's deadline). In the future, at most `MAX_RESERVATION_HOLD_DAYS` ahead.
     */
    expiresAt: z.iso.datetime({ offset: true }).optional(),
    reference: z.string().max(200).nullable().optional(),
  })
  .refine((input) => input.ttlSeconds === undefined || input.expiresAt === undefined, {
    message: "give ttlSeconds or expiresAt, not both",
    path: ["expiresAt"],
  });

/** The longest hold `expiresAt` may ask for: a year and a day. */
export const MAX_RESERVATION_HOLD_DAYS = 366;

/** Stock quantities stay well inside int4. */
export const quantitySchema = z.number().int().min(-1_000_000_000).max(1_000_000_000);
