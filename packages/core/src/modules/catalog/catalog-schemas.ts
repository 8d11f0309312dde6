import { z } from "zod";

/** Slugs are URL segments: lowercase letters, digits and single dashes. */
export const slugSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and dashes");

export const entityStatusSchema = z.enum(["draft", "active", "archived", "discontinued"]);

/** Who feeds an entity: the platform itself, or a connected store (changes then need `catalog:sync`). */
export const entitySourceSchema = z.enum(["platform", "store"]);

export const localeSchema = z
  .string()
  .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, "must be a locale such as en or de-CH");

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

export const optionValueSchema = z.object({
  id: z.string(),
  optionTypeId: z.string(),
  value: z.string(),
  position: z.number().int(),
});

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

export const brandSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
});

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
 * The catalog entity record: the one definition of its fields. The answer (`entitySchema`), the row
 * (`CatalogTables["catalogEntities"]`, through `TableOf`) and the service's types derive from it.
 */
export const entityFieldsSchema = z.object({
  id: z.string(),
  type: z.string(),
  slug: z.string(),
  status: entityStatusSchema,
  source: entitySourceSchema,
  sourceStoreId: z.string().nullable(),
  metadata: metadataSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});

/**
 * An entity as the API answers it. Includes named in `include` add their keys; modules that register
 * an include (inventory, media, pricing) add keys this schema does not list, hence the loose object.
 */
export const entitySchema = z.looseObject({
  ...entityFieldsSchema.shape,
  attributes: z.record(z.string(), attributesOutputSchema).optional(),
  variants: z.array(variantSchema).optional(),
  optionTypes: z.array(optionTypeSchema).optional(),
  categories: z.array(categorySchema).optional(),
  brands: z.array(brandSchema).optional(),
  customFields: z.array(customFieldRowSchema).optional(),
});

/** Custom-field values on create and update: name to value; null clears on update. */
export const customFieldsInputSchema = z.record(z.string().regex(/^[A-Za-z0-9_-]+$/), z.unknown());

/** Body of `POST /catalog/entities`; its input type is the service's `CreateEntityInput`. */
export const createEntityInput = z.object({
  type: z.string().min(1).max(100),
  slug: slugSchema,
  status: entityStatusSchema.default("draft"),
  metadata: metadataSchema.optional(),
  customFields: customFieldsInputSchema.optional(),
  /** Localized attributes by locale, written with the entity. */
  attributes: z.record(localeSchema, localizedAttributesSchema).optional(),
  /** `store` marks a channel-fed entity (needs catalog:sync). @default "platform" */
  source: entitySourceSchema.optional(),
  sourceStoreId: z.string().min(1).max(200).nullable().optional(),
});

/** Body of `PATCH /catalog/entities/:id`; its input type is the service's `UpdateEntityInput`. */
export const updateEntityInput = z.object({
  type: z.string().min(1).max(100).optional(),
  slug: slugSchema.optional(),
  status: entityStatusSchema.optional(),
  /** Replaces the metadata object. */
  metadata: metadataSchema.optional(),
  /** A patch: null clears a field, omitted fields stay. */
  customFields: customFieldsInputSchema.optional(),
});

/** Body of `POST /catalog/entities/:id/variants`; its input type is the service's `CreateVariantInput`. */
export const createVariantInput = z.object({
  sku: z.string().min(1).max(200).nullable().optional(),
  /** One value per option type at most. */
  optionValueIds: z.array(z.uuid()).max(20).default([]),
  metadata: metadataSchema.optional(),
});

/** Body of `PATCH /catalog/entities/:id/variants/:variantId`: a patch; its input type is the service's `UpdateVariantInput`. */
export const updateVariantInput = z.object({
  /** null clears the SKU; a SKU is unique in the organization (409 `SKU_TAKEN`). */
  sku: z.string().min(1).max(200).nullable().optional(),
  /** Replaces the metadata object. */
  metadata: metadataSchema.optional(),
  /** Sort place among the entity's variants (the column is a 32-bit integer). */
  position: z.number().int().min(0).max(2_147_483_647).optional(),
});

/** Body of `POST /catalog/entities/:id/variants/quick`; its input type is the service's `QuickVariantInput`. */
export const quickVariantInput = z.object({
  /** Option type name to value; missing types and values are created. */
  options: z
    .record(z.string().min(1).max(100), z.string().min(1).max(200))
    .refine((value) => Object.keys(value).length > 0 && Object.keys(value).length <= 20, "name 1 to 20 options"),
  sku: z.string().min(1).max(200).nullable().optional(),
  metadata: metadataSchema.optional(),
  /** Warehouse the zero stock row goes to. @default the organization's default warehouse */
  warehouseId: z.uuid().optional(),
});

/** The `include` query parameter: a comma list, checked against the include registry by the service. */
export const includeQuery = z
  .string()
  .regex(/^[A-Za-z0-9_,-]*$/, "must be a comma list of include names")
  .optional()
  .transform((value) => (value ? [...new Set(value.split(",").filter(Boolean))] : []));
