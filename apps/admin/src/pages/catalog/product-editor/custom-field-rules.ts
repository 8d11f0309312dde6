import type { ResponseData } from "@unified-commerce/client";

/** A custom-field definition as `GET /api/admin/entity-field-definitions` answers it. */
export type FieldDefinition = ResponseData<"/api/admin/entity-field-definitions", "get">[number];

/**
 * A custom field as the form holds it: always text (a number typed, "true"/"false" of a select, JSON),
 * empty for "no value". {@link toApiValue} turns it into the value the API takes.
 */
export type RawFieldValue = string;

/** The form's text for a stored value. */
export function toRawValue(definition: FieldDefinition, value: unknown): RawFieldValue {
  if (value === undefined || value === null) return "";
  if (definition.dataType === "json") return JSON.stringify(value, null, 2);
  return String(value);
}

/**
 * What is wrong with a raw value under the server's rules (`custom-field-validation.ts`), or null. An
 * empty value is a missing value: refused for a required field (the server refuses to clear it).
 */
export function fieldValueError(definition: FieldDefinition, raw: RawFieldValue): string | null {
  const text = raw.trim();
  if (!text) return definition.isRequired ? "Required" : null;
  switch (definition.dataType) {
    case "number":
      return Number.isFinite(Number(text)) ? null : "Must be a number";
    case "integer":
      return Number.isSafeInteger(Number(text)) ? null : "Must be a whole number";
    case "boolean":
      return text === "true" || text === "false" ? null : "Choose yes or no";
    case "enum":
      return (definition.options ?? []).includes(text) ? null : `One of ${(definition.options ?? []).join(", ")}`;
    case "json":
      try {
        JSON.parse(text);
        return null;
      } catch {
        return "Not valid JSON";
      }
    case "string":
      return null;
  }
}

/** The API value of a valid raw value; null (clear) when empty. */
export function toApiValue(definition: FieldDefinition, raw: RawFieldValue): unknown {
  const text = raw.trim();
  if (!text) return null;
  switch (definition.dataType) {
    case "number":
    case "integer":
      return Number(text);
    case "boolean":
      return text === "true";
    case "json":
      return JSON.parse(text) as unknown;
    case "enum":
      return text;
    case "string":
      return raw;
  }
}

/**
 * The `customFields` patch of an update: only fields whose value changed, an emptied one as null (the
 * route's "explicit null clears"; an omitted key stays as it is).
 */
export function customFieldsPatch(
  definitions: readonly FieldDefinition[],
  initial: Readonly<Record<string, RawFieldValue>>,
  current: Readonly<Record<string, RawFieldValue>>,
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  for (const definition of definitions) {
    const before = initial[definition.name] ?? "";
    const after = current[definition.name] ?? "";
    if (before !== after) patch[definition.name] = toApiValue(definition, after);
  }
  return patch;
}

/** The `customFields` of a create: the fields given a value (a create has nothing to clear). */
export function customFieldsOfCreate(
  definitions: readonly FieldDefinition[],
  current: Readonly<Record<string, RawFieldValue>>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const definition of definitions) {
    const value = toApiValue(definition, current[definition.name] ?? "");
    if (value !== null) values[definition.name] = value;
  }
  return values;
}
