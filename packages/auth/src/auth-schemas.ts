import { z } from "zod";

export const emailSchema = z.string().trim().email().max(320);
/** Length is capped so nobody makes the server hash megabytes; the minimum is checked by the service. */
export const passwordSchema = z.string().min(1).max(256);

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.date(),
});

export const sessionSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  expiresAt: z.date(),
  createdAt: z.date(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});

/** A new session: `token` works as `Authorization: Bearer <token>` and is also set as the cookie. */
export const signedInSchema = z.object({
  token: z.string(),
  user: userSchema,
  session: sessionSchema,
});

/**
 * The first factor's answer, by password or OAuth: a session, or, for a user with two-factor on, a
 * challenge to finish with `POST /api/auth/sign-in/two-factor`.
 */
export const firstFactorSchema = z.object({
  twoFactorRequired: z.boolean(),
  challenge: z.string().optional(),
  token: z.string().optional(),
  user: userSchema.optional(),
  session: sessionSchema.optional(),
});

export const okSchema = z.object({ success: z.literal(true) });
