import { z } from "zod";

export const mediaAssetSchema = z.object({
  id: z.string(),
  filename: z.string().nullable(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  alt: z.string().nullable(),
  origin: z.enum(["merchant", "generated", "imported"]),
  confidence: z.number().nullable(),
  derivedFromAssetId: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
