/** A variant: one combination of option values of an entity. */
export interface Variant {
  id: string;
  entityId: string;
  sku: string | null;
  /** Option type name to value. */
  options: Record<string, string>;
  optionValueIds: string[];
  position: number;
  metadata: Record<string, unknown>;
  createdAt: string;
}

/** An option value of an option type (`Red` of `Color`). */
export interface OptionValue {
  id: string;
  optionTypeId: string;
  value: string;
  position: number;
}

/** An option type of an entity with its values. */
export interface OptionType {
  id: string;
  entityId: string;
  name: string;
  position: number;
  values: OptionValue[];
}

export const VARIANT_COLUMNS = ["id", "entityId", "sku", "options", "optionValueIds", "position", "metadata", "createdAt"] as const;
export const OPTION_VALUE_COLUMNS = ["id", "optionTypeId", "value", "position"] as const;

export type VariantRow = Omit<Variant, "createdAt"> & { createdAt: Date };

export const toVariant = (row: VariantRow): Variant => ({ ...row, createdAt: row.createdAt.toISOString() });
