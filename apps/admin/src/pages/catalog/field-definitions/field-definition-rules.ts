import type { ResponseData } from "@unified-commerce/client";

/** A custom-field definition as the API answers it. */
export type FieldDefinition = ResponseData<"/api/admin/entity-field-definitions", "get">[number];

/** What a definition's values hold. */
export type FieldDataType = FieldDefinition["dataType"];

/** The data types, with what each means to a merchant. */
export const DATA_TYPES: readonly { value: FieldDataType; label: string }[] = [
  { value: "string", label: "Text" },
  { value: "number", label: "Number (decimals allowed)" },
  { value: "integer", label: "Whole number" },
  { value: "boolean", label: "Yes / no" },
  { value: "enum", label: "One of a list of options" },
  { value: "json", label: "JSON (structured data)" },
];

export const dataTypeLabel = (type: FieldDataType): string =>
  DATA_TYPES.find((entry) => entry.value === type)?.label ?? type;

/** The server's name rule (`fieldDefinitionBody`): the key values are stored under. */
export const FIELD_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** The values of the definition form. */
export interface FieldDefinitionValues {
  entityType: string;
  name: string;
  label: string;
  dataType: FieldDataType;
  required: boolean;
  filterable: boolean;
  options: string[];
}

/**
 * The server's checks (`fieldDefinitionBody` in catalog's field-definition-schemas.ts, and the enum rule of
 * field-definitions.ts), as a Mantine form's validators.
 */
export const fieldDefinitionValidators = {
  entityType: (value: string) =>
    value.trim().length === 0
      ? "Enter an entity type (product, say)"
      : value.length > 100
        ? "At most 100 characters"
        : null,
  name: (value: string) => {
    if (value.length === 0) return "Enter a name";
    if (value.length > 100) return "At most 100 characters";
    return FIELD_NAME_PATTERN.test(value) ? null : "Letters, digits, dashes and underscores only (care_instructions)";
  },
  label: (value: string) => (value.length > 200 ? "At most 200 characters" : null),
  options: (value: string[], values: FieldDefinitionValues) => {
    if (values.dataType !== "enum") return null;
    if (value.length === 0) return "An option list needs at least one option";
    if (value.length > 500) return "At most 500 options";
    const tooLong = value.find((option) => option.length > 200);
    return tooLong ? `"${tooLong.slice(0, 20)}…" is longer than 200 characters` : null;
  },
};

/**
 * A 422's field errors keyed as this form names its fields: an issue on one option (`options.3`) is shown
 * on the options input.
 */
export function foldOptionErrors(errors: Record<string, string>): Record<string, string> {
  const folded: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) folded[field.replace(/^options\.\d+$/, "options")] ??= message;
  return folded;
}
