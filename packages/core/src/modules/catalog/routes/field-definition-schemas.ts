import { z } from "zod";
import type { FieldDefinition } from "../field-definitions.js";

/**
 * A definition as the API answers it. `required` and `filterable` repeat `isRequired` and `isFilterable`
 * under the names a client sent them with (the spec's), so what was set at creation reads back as set.
 */
export const fieldDefinitionSchema = z.object({
  id: z.string(),
  entityType: z.string(),
  name: z.string(),
  label: z.string().nullable(),
  dataType: z.enum(["string", "number", "integer", "boolean", "enum", "json"]),
  required: z.boolean(),
  filterable: z.boolean(),
  isRequired: z.boolean(),
  isFilterable: z.boolean(),
  options: z.array(z.string()).nullable(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A service definition as the API answers it. */
export const toFieldDefinitionOutput = (definition: FieldDefinition): z.output<typeof fieldDefinitionSchema> => ({
  ...definition,
  required: definition.isRequired,
  filterable: definition.isFilterable,
});

/** A request's `required` and `filterable` as the service's `isRequired` and `isFilterable`, leaving out what was not sent. */
export const toDefinitionFlags = ({
  required,
  filterable,
}: {
  required?: boolean | undefined;
  filterable?: boolean | undefined;
}) => ({
  ...(required === undefined ? {} : { isRequired: required }),
  ...(filterable === undefined ? {} : { isFilterable: filterable }),
});

/** Request fields; `required` and `filterable` are the spec's names for `isRequired` and `isFilterable`. */
export const fieldDefinitionBody = z.object({
  entityType: z.string().min(1).max(100),
  name: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, "must match ^[A-Za-z0-9_-]+$")
    .max(100),
  label: z.string().max(200).nullable().optional(),
  dataType: z.enum(["string", "number", "integer", "boolean", "enum", "json"]),
  required: z.boolean().optional(),
  filterable: z.boolean().optional(),
  options: z.array(z.string().min(1).max(200)).max(500).nullable().optional(),
});
