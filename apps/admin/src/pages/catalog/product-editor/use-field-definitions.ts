import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../api/api-context.js";
import type { FieldDefinition } from "./custom-field-rules.js";

const NONE: FieldDefinition[] = [];

/**
 * The live (not archived) custom-field definitions of an entity type. The route needs catalog:update,
 * which is also what writing a custom field needs; without it the query is not sent.
 */
export function useFieldDefinitions(entityType: string, isEnabled = true) {
  const api = useApi();
  const type = entityType.trim();
  const query = useQuery({
    queryKey: ["catalog", "field-definitions", { entityType: type }],
    queryFn: async () =>
      (await api.get("/api/admin/entity-field-definitions", { query: { entityType: type } })).data.filter(
        (definition) => definition.archivedAt === null,
      ),
    enabled: isEnabled && type !== "",
    staleTime: 60_000,
  });
  return { ...query, definitions: query.data ?? NONE };
}
