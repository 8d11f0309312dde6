import { z } from "zod";

/** Slugs are URL segments: lowercase letters, digits and single dashes. */
export const slugSchema = z.string().min(1).max(200).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and dashes");

export const entityStatusSchema = z.enum(["draft", "active", "archived", "discontinued"]);

export const localeSchema = z.string().regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, "must be a locale such as en or de-CH");

export const metadataSchema = z.record(z.string(), z.unknown());

export const localizedAttributesSchema = z.object({
  title: z.string().max(500).nullable().optional(),
  description: z.string().max(20_000).nullable().optional(),
  seoTitle: z.string().max(500).nullable().optional(),
  seoDescription: z.string().max(2_000).nullable().optional(),
});

export const attributesOutputSchema = z.object({
  locale: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
});

export const variantSchema = z.object({
  id: z.string(),
  entityId: z.string(),
  sku: z.string().nullable(),
  options: z.record(z.string(), z.string()),
  optionValueIds: z.array(z.string()),
  position: z.number().int(),
  metadata: metadataSchema,
  createdAt: z.string(),
});

export const optionValueSchema = z.object({ id: z.string(), optionTypeId: z.string(), value: z.string(), position: z.number().int() });

export const optionTypeSchema = z.object({
  id: z.string(),
  entityId: z.string(),
  name: z.string(),
  position: z.number().int(),
  values: z.array(optionValueSchema),
});

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  parentId: z.string().nullable(),
  description: z.string().nullable(),
});

export const brandSchema = z.object({ id: z.string(), name: z.string(), slug: z.string(), description: z.string().nullable() });

export const customFieldRowSchema = z.object({
  id: z.string(),
  entityId: z.string(),
  fieldName: z.string(),
  locale: z.string(),
  value: z.unknown(),
  status: z.string(),
  source: z.string(),
  storeId: z.string().nullable(),
  setBy: z.string().nullable(),
  setByType: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
});

/**
 * An entity as the API answers it. Includes named in `include` add their keys; modules that register
 * an include (inventory, media, pricing) add keys this schema does not list, hence the loose object.
 */
export const entitySchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  slug: z.string(),
  status: entityStatusSchema,
  source: z.enum(["platform", "store"]),
  sourceStoreId: z.string().nullable(),
  metadata: metadataSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  attributes: z.record(z.string(), attributesOutputSchema).optional(),
  variants: z.array(variantSchema).optional(),
  optionTypes: z.array(optionTypeSchema).optional(),
  categories: z.array(categorySchema).optional(),
  brands: z.array(brandSchema).optional(),
  customFields: z.array(customFieldRowSchema).optional(),
});

/** Custom-field values on create and update: name to value; null clears on update. */
export const customFieldsInputSchema = z.record(z.string().regex(/^[A-Za-z0-9_-]+$/), z.unknown());

/** The `include` query parameter: a comma list, checked against the include registry by the service. */
export const includeQuery = z
  .string()
  .regex(/^[A-Za-z0-9_,-]*$/, "must be a comma list of include names")
  .optional()
  .transform((value) => (value ? [...new Set(value.split(",").filter(Boolean))] : []));

export const entityIdParams = z.object({ id: z.string().min(1).max(200) });
