import type { Selectable } from "kysely";
import type { z } from "zod";
import type { optionTypeSchema, optionValueSchema, variantSchema } from "./catalog-schemas.js";
import type { CatalogTables } from "./catalog-tables.js";

/** A variant: one combination of option values of an entity (`options`: option type name to value). */
export type Variant = z.output<typeof variantSchema>;

/** An option value of an option type (`Red` of `Color`). */
export type OptionValue = z.output<typeof optionValueSchema>;

/** An option type of an entity with its values. */
export type OptionType = z.output<typeof optionTypeSchema>;

export const VARIANT_COLUMNS = [
  "id",
  "entityId",
  "sku",
  "options",
  "optionValueIds",
  "position",
  "metadata",
  "createdAt",
] as const;
export const OPTION_VALUE_COLUMNS = ["id", "optionTypeId", "value", "position"] as const;

/** A variant row as read: its table's columns (`VARIANT_COLUMNS`). */
export type VariantRow = Pick<Selectable<CatalogTables["catalogVariants"]>, (typeof VARIANT_COLUMNS)[number]>;

export const toVariant = (row: VariantRow): Variant => ({ ...row, createdAt: row.createdAt.toISOString() });
