import { z } from "zod";

/** An invitation as its organization's admins see it; its token is never shown to them. */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.enum(["pending", "accepted", "revoked", "expired"]),
  /** The inviting user; null when an API key invited, or once that user is deleted. */
  invitedBy: z.string().nullable(),
  createdAt: z.date(),
  expiresAt: z.date(),
});

/** An invitation's id: the public half of its token. */
export const invitationParams = z.object({ id: z.string().regex(/^[a-z2-7]{16}$/) });
