import { z } from "zod";

export const fieldDefinitionSchema = z.object({
  id: z.string(),
  entityType: z.string(),
  name: z.string(),
  label: z.string().nullable(),
  dataType: z.enum(["string", "number", "integer", "boolean", "enum", "json"]),
  isRequired: z.boolean(),
  isFilterable: z.boolean(),
  options: z.array(z.string()).nullable(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** Request fields; `required` and `filterable` are the spec's names for `isRequired` and `isFilterable`. */
export const fieldDefinitionBody = z.object({
  entityType: z.string().min(1).max(100),
  name: z.string().regex(/^[A-Za-z0-9_-]+$/, "must match ^[A-Za-z0-9_-]+$").max(100),
  label: z.string().max(200).nullable().optional(),
  dataType: z.enum(["string", "number", "integer", "boolean", "enum", "json"]),
  required: z.boolean().optional(),
  filterable: z.boolean().optional(),
  options: z.array(z.string().min(1).max(200)).max(500).nullable().optional(),
});
