import { z } from "zod";

export const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  /** When the user became a member. */
  createdAt: z.date(),
});

/** A role name; whether it is configured (422 otherwise) is the service's check, against `auth.roles`. */
export const roleSchema = z.string().trim().min(1).max(100);

/** Path of one member: user ids are UUIDs, anything else is a 422 before any lookup. */
export const memberParams = z.object({ userId: z.uuid() });
