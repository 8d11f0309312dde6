import { z } from "zod";
import { paginationQuery } from "../../http/pagination.js";
import { metadataSchema } from "../catalog/index.js";

// Each record is defined once, here: its answer, its TypeScript type and its table's columns
// (`TableOf` in customers-tables.ts) derive from the schema.

/**
 * A customer id: the user id for a person with an account (`actor.customerId ?? actor.id`, what carts and
 * orders already record), a fresh UUID for a customer staff created.
 */
export const customerIdSchema = z.string().min(1).max(200);

/**
 * A customer group id. The pricing module's `customerGroupId` and promotions' `customerGroupIds` name the
 * same ids (any string of 1 to 100 characters there); a group made here is narrower, so it fits in a
 * path segment: letters, digits, `_`, `.`, `:`, `-`. Chosen by the merchant (`wholesale`) or a UUID.
 */
export const groupIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/, "1 to 100 letters, digits, _ . : or -, starting with a letter or digit");

/** Lower-cased and trimmed, as the auth package keeps sign-in addresses. */
export const customerEmailSchema = z
  .string()
  .trim()
  .max(320)
  .pipe(z.email())
  .transform((email) => email.toLowerCase());

const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()./-]{2,31}$/, "a phone number: digits, spaces and ( ) . / -, optionally after +");
const nameSchema = z.string().trim().min(1).max(200);

/** At most this many addresses per customer (422 beyond). */
export const MAX_ADDRESSES_PER_CUSTOMER = 50;

/** A customer profile: one per person per organization. */
export const customerSchema = z.object({
  id: z.string(),
  /** Unique among customers without an account; an account's profile carries its sign-in address. */
  email: z.string().nullable(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  /** Whether the profile belongs to a user who signs in (its id is the user id). */
  hasAccount: z.boolean(),
  acceptsMarketing: z.boolean(),
  /** When `acceptsMarketing` last changed: the consent's date, kept as evidence. */
  acceptsMarketingUpdatedAt: z.string().nullable(),
  /** Staff's free-form data; the customer cannot change it. */
  metadata: metadataSchema,
  /** The groups the customer belongs to: what prices and promotions are resolved with. */
  groupIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A saved address of a customer. */
export const customerAddressSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  name: z.string().nullable(),
  company: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  postalCode: z.string().nullable(),
  /** State, province or region; the field checkout's `shippingAddress` calls `state` too. */
  state: z.string().nullable(),
  /** ISO 3166-1 alpha-2, upper case. */
  country: z.string(),
  phone: z.string().nullable(),
  /** At most one of each per customer. */
  isDefaultShipping: z.boolean(),
  isDefaultBilling: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A customer group: prices (`customerGroupId`) and promotions (`customerGroupIds`) name it. */
export const customerGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Body of `POST /customers` (staff): a customer without an account. */
export const createCustomerInput = z.object({
  email: customerEmailSchema.optional(),
  name: nameSchema.optional(),
  phone: phoneSchema.optional(),
  acceptsMarketing: z.boolean().optional(),
  metadata: metadataSchema.optional(),
  /** Groups to put the customer in; each must exist (422 naming it otherwise). */
  groupIds: z.array(groupIdSchema).max(100).optional(),
});

/** Body of `PATCH /customers/:id` (staff). Null clears a field. */
export const updateCustomerInput = z.object({
  /** Only for customers without an account: an account's address is its sign-in address (422). */
  email: customerEmailSchema.nullable().optional(),
  name: nameSchema.nullable().optional(),
  phone: phoneSchema.nullable().optional(),
  acceptsMarketing: z.boolean().optional(),
  /** Replaces the metadata object. */
  metadata: metadataSchema.optional(),
});

/**
 * What a customer may change on their own profile (`PATCH /api/me/profile`): name, phone and marketing
 * consent. Strict: an e-mail, groups or metadata in the body are a 422, never silently dropped (the
 * e-mail is the account's sign-in address; groups set prices; metadata is staff's).
 */
export const selfProfilePatchInput = z.strictObject({
  name: nameSchema.nullable().optional(),
  phone: phoneSchema.nullable().optional(),
  acceptsMarketing: z.boolean().optional(),
});

/** Query of `GET /customers`. */
export const listCustomersQuery = paginationQuery.extend({
  /** Substring of the e-mail or the name, any case. */
  q: z.string().trim().min(1).max(200).optional(),
  /** Members of this group only. */
  groupId: groupIdSchema.optional(),
  hasAccount: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
});

const addressFields = {
  name: nameSchema.nullable().optional(),
  company: z.string().trim().min(1).max(200).nullable().optional(),
  line1: z.string().trim().min(1).max(200),
  line2: z.string().trim().min(1).max(200).nullable().optional(),
  city: z.string().trim().min(1).max(100),
  postalCode: z.string().trim().min(1).max(20).nullable().optional(),
  state: z.string().trim().min(1).max(100).nullable().optional(),
  country: z.string().regex(/^[A-Z]{2}$/, "an ISO 3166-1 alpha-2 code in upper case"),
  phone: phoneSchema.nullable().optional(),
  /** True makes it the only default shipping address (the previous one is unset in the same transaction). */
  isDefaultShipping: z.boolean().optional(),
  isDefaultBilling: z.boolean().optional(),
};

/** Body of an address creation (admin and `/api/me`). */
export const customerAddressInput = z.object(addressFields);

/** Body of an address update: any subset; null clears an optional field. */
export const customerAddressPatchInput = customerAddressInput.partial();

/** Body of `POST /customers/groups`. */
export const customerGroupInput = z.object({
  /** Chosen by the merchant to match existing prices (`wholesale`); a UUID when omitted. */
  id: groupIdSchema.optional(),
  name: nameSchema,
  description: z.string().trim().min(1).max(1000).nullable().optional(),
});

/** Body of `PATCH /customers/groups/:id`: the id stays (prices and promotions name it). */
export const customerGroupPatchInput = customerGroupInput.omit({ id: true }).partial();

/** Body of `POST /customers/groups/:id/members`. */
export const groupMembersInput = z.object({ customerIds: z.array(customerIdSchema).min(1).max(100) });
