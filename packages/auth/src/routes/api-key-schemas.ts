import { z } from "zod";

export const apiKeySchema = z.object({
  id: z.string(),
  scope: z.string(),
  name: z.string(),
  prefix: z.string(),
  userId: z.string().nullable(),
  createdAt: z.date(),
  expiresAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
});
