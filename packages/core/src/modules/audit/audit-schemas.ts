import { z } from "zod";

export const auditEntrySchema = z.object({
  id: z.uuid(),
  event: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  actorId: z.string().nullable(),
  actorType: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
  eventId: z.string().nullable(),
  occurredAt: z.string(),
});

/** `limit` default 50, maximum 100: out of range is a 422. */
export const auditLimit = z.coerce.number().int().min(1).max(100).default(50);
