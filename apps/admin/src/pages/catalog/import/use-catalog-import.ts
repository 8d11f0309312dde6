import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../api/api-context.js";
import type { CatalogImport } from "./start-catalog-import.js";

/** The query key of one import's progress. */
export const catalogImportKey = (id: string) => ["catalog", "import", id] as const;

/** Whether an import has stopped moving (its counts are final). */
export const isImportFinished = (status: CatalogImport["status"]) => status === "completed" || status === "failed";

/** How often a running import's progress is read. */
const POLL_MS = 1_000;

/**
 * An import's progress, read again every second until it completes or fails. `initial` (the start route's
 * answer) shows at once, without waiting for the first poll.
 */
export function useCatalogImport(id: string | null, initial?: CatalogImport) {
  const api = useApi();
  return useQuery({
    queryKey: catalogImportKey(id ?? ""),
    queryFn: async () => (await api.get("/api/catalog/import/{id}", { params: { id: id ?? "" } })).data,
    enabled: id !== null,
    ...(initial && initial.id === id ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && isImportFinished(status) ? false : POLL_MS;
    },
  });
}
