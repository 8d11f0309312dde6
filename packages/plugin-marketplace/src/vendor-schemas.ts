import { z } from "zod";
import { paginationQuery } from "@unified-commerce/plugin-sdk";

// Each record is defined once, here: its answer, its TypeScript type and its table's columns
// (`TableOf` in marketplace-tables.ts) derive from the schema.

/**
 * Where a vendor stands (`vendorMoves` in marketplace-states.ts): `pending` on creation; `approve` →
 * `active`, `reject` → `rejected` (final); `suspend` an active vendor → `suspended`, `reinstate` →
 * `active`. Any other move is a 409.
 */
export const vendorStatusSchema = z.enum(["pending", "active", "rejected", "suspended"]);

const slug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "lower-case letters, digits and single dashes");

/** A seller of the marketplace. */
export const vendorSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Unique in the store. */
  slug: z.string(),
  email: z.string().nullable(),
  description: z.string().nullable(),
  status: vendorStatusSchema,
  /** Why the vendor was rejected or last suspended. */
  statusReason: z.string().nullable(),
  /** Where payouts go, as the payout adapter understands it (an IBAN, an account id). */
  payoutReference: z.string().nullable(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** `POST /vendors`: a vendor starts `pending`; `userIds` become its members (vendor self-service). */
export const createVendorInput = z.object({
  name: z.string().trim().min(1).max(200),
  slug,
  email: z.email().max(320).optional(),
  description: z.string().max(5000).optional(),
  payoutReference: z.string().min(1).max(200).optional(),
  userIds: z.array(z.string().min(1).max(200)).max(20).optional(),
});

/** `PATCH /vendors/:id`: the profile; the status moves only through its routes. */
export const updateVendorInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    slug,
    email: z.email().max(320).nullable(),
    description: z.string().max(5000).nullable(),
    payoutReference: z.string().min(1).max(200).nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "Name at least one field");

/** `PATCH /vendor/me`: what a vendor may change of its own profile (not its slug or payout reference). */
export const updateOwnVendorInput = z
  .object({
    name: z.string().trim().min(1).max(200),
    email: z.email().max(320).nullable(),
    description: z.string().max(5000).nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "Name at least one field");

/** `POST /vendors/:id/reject` and `/suspend`: why (kept on the vendor and in the event). */
export const vendorReasonInput = z.object({ reason: z.string().trim().min(1).max(500) });

/** `POST /vendors/:id/suspend`: the reason is optional. */
export const suspendVendorInput = z.object({ reason: z.string().trim().min(1).max(500).optional() });

export const listVendorsQuery = paginationQuery.extend({ status: vendorStatusSchema.optional() });

/** A vendor document (a registration certificate, an ID) under review. */
export const documentStatusSchema = z.enum(["pending", "approved", "rejected"]);

export const vendorDocumentSchema = z.object({
  id: z.string(),
  vendorId: z.string(),
  /** What it is: `registration`, `tax-id`, `identity`... */
  type: z.string(),
  /** Where the file is: a media asset id, a storage key or a URL the upload answered. The plugin stores no bytes. */
  reference: z.string(),
  fileName: z.string().nullable(),
  status: documentStatusSchema,
  rejectionReason: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const createDocumentInput = z.object({
  type: z
    .string()
    .min(1)
    .max(50)
    .regex(/^[a-z0-9-]+$/, "lower-case letters, digits and dashes"),
  reference: z.string().min(1).max(2000),
  fileName: z.string().min(1).max(255).optional(),
});

/** `POST .../documents/:docId/reject`. */
export const rejectDocumentInput = z.object({ reason: z.string().trim().min(1).max(500) });

/** A user who acts for a vendor (`/vendor/me`). A user belongs to one vendor of a store. */
export const vendorMemberSchema = z.object({ vendorId: z.string(), userId: z.string(), createdAt: z.string() });

export const addMemberInput = z.object({ userId: z.string().min(1).max(200) });

/** A catalog entity a vendor sells. An entity has one vendor at most. */
export const vendorEntitySchema = z.object({ vendorId: z.string(), entityId: z.string(), createdAt: z.string() });

/** An API key minted for a vendor's member, bound to the vendor: shown once. */
export const vendorKeySchema = z.object({
  id: z.string(),
  vendorId: z.string(),
  userId: z.string(),
  key: z.string(),
  scope: z.string(),
  /** Always set for keys minted here (`vendorKeyDays` by default); null only for a scope without bounds. */
  expiresAt: z.string().nullable(),
});

/** `DELETE /vendors/:id/api-keys/:keyId`'s answer. */
export const revokedVendorKeySchema = z.object({ id: z.string(), vendorId: z.string(), isRevoked: z.literal(true) });

/** `POST /vendors/:id/api-keys`. */
export const createVendorKeyInput = z.object({
  /** The member the key acts for; default: the signed-in caller. Naming another member needs `marketplace:admin`. */
  userId: z.string().min(1).max(200).optional(),
  /** Seconds; default the plugin's `vendorKeyDays`, at most its `vendorKeyMaxDays` (422 beyond). */
  expiresInSeconds: z
    .number()
    .int()
    .min(60)
    .max(3 * 366 * 86_400)
    .optional(),
});
