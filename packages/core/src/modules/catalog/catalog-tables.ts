import type { Generated } from "kysely";
import type { z } from "zod";
import type { CoreTables, Json, Timestamp } from "../../db/core-tables.js";
import type { TableOf } from "../../db/table-of.js";
import type {
  brandSchema,
  categorySchema,
  entityFieldsSchema,
  entityStatusSchema,
  optionTypeSchema,
  optionValueSchema,
  variantSchema,
} from "./catalog-schemas.js";

/** Lifecycle of a catalog entity; see the spec's "Catalog entity status" table. */
export type EntityStatus = z.output<typeof entityStatusSchema>;

/** Lifecycle of a custom-field row: one approved row per field and locale is the live value. */
export type CustomFieldRowStatus = "approved" | "pending" | "rejected" | "superseded";

/** Owner of a field in multi-channel setups. */
export type FieldOwner = "platform" | "store" | "shared";

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type CatalogTables = {
  catalogEntities: TableOf<
    z.output<typeof entityFieldsSchema>,
    {
      organizationId: string;
      metadata: Json;
      createdAt: Timestamp;
      updatedAt: Timestamp;
      /** Bumped by triggers whenever the entity's attributes or variants change; see the migrations. */
      revision: Generated<number>;
    }
  >;
  catalogEntityAttributes: {
    organizationId: string;
    entityId: string;
    locale: string;
    title: string | null;
    description: string | null;
    seoTitle: string | null;
    seoDescription: string | null;
    updatedAt: Timestamp;
  };
  catalogCategories: TableOf<z.output<typeof categorySchema>, { organizationId: string; createdAt: Timestamp }>;
  catalogBrands: TableOf<z.output<typeof brandSchema>, { organizationId: string; createdAt: Timestamp }>;
  catalogEntityCategories: { organizationId: string; entityId: string; categoryId: string };
  catalogEntityBrands: { organizationId: string; entityId: string; brandId: string };
  catalogOptionTypes: TableOf<Omit<z.output<typeof optionTypeSchema>, "values">, { organizationId: string }>;
  catalogOptionValues: TableOf<z.output<typeof optionValueSchema>, { organizationId: string }>;
  catalogVariants: TableOf<
    z.output<typeof variantSchema>,
    {
      organizationId: string;
      /** Sorted option value ids joined by `,`: unique per entity, so a combination exists once. */
      optionKey: string;
      /** Option type name to value, denormalized for reads. */
      options: Json<Record<string, string>>;
      optionValueIds: Json<string[]>;
      metadata: Json;
      createdAt: Timestamp;
    }
  >;
  catalogFieldDefinitions: {
    id: string;
    organizationId: string;
    entityType: string;
    name: string;
    label: string | null;
    dataType: string;
    isRequired: boolean;
    isFilterable: boolean;
    options: Json<string[]> | null;
    archivedAt: Timestamp | null;
    createdAt: Timestamp;
    updatedAt: Timestamp;
  };
  catalogCustomFieldValues: {
    id: string;
    organizationId: string;
    entityId: string;
    fieldName: string;
    locale: string;
    value: Json<unknown>;
    status: CustomFieldRowStatus;
    source: string;
    storeId: string | null;
    setBy: string | null;
    setByType: string | null;
    createdAt: Timestamp;
    decidedAt: Timestamp | null;
    decidedBy: string | null;
    sequence: Generated<number>;
  };
  catalogFieldOwnership: {
    id: string;
    organizationId: string;
    entityId: string;
    fieldPath: string;
    owner: FieldOwner;
    storeId: string | null;
    variantId: string | null;
    updatedAt: Timestamp;
  };
};

/** The kernel's tables plus the catalog's. */
export type CatalogDb = CoreTables & CatalogTables;
