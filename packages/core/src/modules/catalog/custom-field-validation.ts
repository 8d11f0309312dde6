import { catalogErrors } from "./catalog-errors.js";
import type { FieldDefinition } from "./field-definitions.js";

function checkType(definition: FieldDefinition, value: unknown): string | null {
  switch (definition.dataType) {
    case "string":
      return typeof value === "string" ? null : "must be a string";
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? null : "must be a number";
    case "integer":
      return Number.isSafeInteger(value) ? null : "must be an integer";
    case "boolean":
      return typeof value === "boolean" ? null : "must be a boolean";
    case "enum":
      return typeof value === "string" && (definition.options ?? []).includes(value)
        ? null
        : `must be one of ${(definition.options ?? []).join(", ")}`;
    case "json":
      return null;
  }
}

/** Checks one value (never null) against its definition; throws a 422 naming `path`. */
export function validateFieldValue(definition: FieldDefinition | undefined, value: unknown, path: string): void {
  if (!definition) throw catalogErrors.invalidCustomField(path, "is not a defined custom field of this entity type");
  if (definition.archivedAt) throw catalogErrors.invalidCustomField(path, "is archived and accepts no new values");
  const problem = checkType(definition, value);
  if (problem) throw catalogErrors.invalidCustomField(path, problem);
}

/**
 * Validates `customFields` of a create (every required field present) or an update (a patch: null
 * clears, except for required fields; omitted keys stay as they are).
 */
export function validateCustomFields(
  definitions: readonly FieldDefinition[],
  values: Readonly<Record<string, unknown>>,
  mode: "create" | "update",
): void {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  for (const [name, value] of Object.entries(values)) {
    const path = `body.customFields.${name}`;
    const definition = byName.get(name);
    if (value === null) {
      if (!definition)
        throw catalogErrors.invalidCustomField(path, "is not a defined custom field of this entity type");
      if (definition.isRequired) throw catalogErrors.invalidCustomField(path, "is required and cannot be cleared");
      continue;
    }
    validateFieldValue(definition, value, path);
  }
  if (mode === "create") {
    for (const definition of definitions) {
      if (
        definition.isRequired &&
        !definition.archivedAt &&
        (values[definition.name] === undefined || values[definition.name] === null)
      ) {
        throw catalogErrors.invalidCustomField(`body.customFields.${definition.name}`, "is required");
      }
    }
  }
}
