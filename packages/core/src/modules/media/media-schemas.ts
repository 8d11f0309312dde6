import { z } from "zod";

// Each record is defined once, here: its answer, its TypeScript type and its table's columns
// (`TableOf` in media-tables.ts) derive from the schema.

/** Who produced an asset: a merchant's upload, a generator (AI, renderer) or an import. */
export const mediaOriginSchema = z.enum(["merchant", "generated", "imported"]);

/** A media asset as the API answers it. */
export const mediaAssetSchema = z.object({
  id: z.string(),
  filename: z.string().nullable(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  alt: z.string().nullable(),
  origin: mediaOriginSchema,
  confidence: z.number().nullable(),
  derivedFromAssetId: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});

/** An asset attached to an entity (variantId null) or to one of its variants. */
export const mediaAttachmentSchema = z.object({
  id: z.string(),
  mediaAssetId: z.string(),
  entityId: z.string(),
  variantId: z.string().nullable(),
  role: z.string(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
});

/** Body of `POST /media/attach`; its input type is the service's `AttachInput`. */
export const attachMediaInput = z.object({
  entityId: z.uuid(),
  mediaAssetId: z.uuid(),
  role: z.string().min(1).max(50),
  variantId: z.uuid().nullable().optional(),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
});

/** Body of `PATCH /media/:id`: what a merchant may change of an asset (its bytes never change). */
export const updateMediaInput = z.object({
  /** Null clears it. */
  alt: z.string().max(1_000).nullable(),
});

/** Body of `POST /media/attachments/order`; its input type is the service's `ReorderInput`. */
export const reorderAttachmentsInput = z.object({
  entityId: z.uuid(),
  /** The variant whose attachments are ordered; null or absent: the entity-level ones. */
  variantId: z.uuid().nullable().optional(),
  /** Every attachment of that level, once, in the new order. */
  attachmentIds: z
    .array(z.uuid())
    .min(1)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, "must not repeat an attachment"),
});
