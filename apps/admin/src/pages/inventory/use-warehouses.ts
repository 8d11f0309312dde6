import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context.js";
import type { Warehouse } from "./warehouse-form.js";

/** Every query about warehouses starts with this key (invalidated when one is created). */
export const WAREHOUSES_KEY = ["inventory", "warehouses"] as const;

/**
 * Every warehouse, for pickers (stock filter, adjustment): the API pages by 100 at most, and an
 * organization with more than a hundred warehouses is not one this picker serves well anyway.
 */
export function useWarehouses() {
  const api = useApi();
  return useQuery({
    queryKey: [...WAREHOUSES_KEY, "all"],
    queryFn: async (): Promise<Warehouse[]> =>
      (await api.get("/api/inventory/warehouses", { query: { page: 1, limit: 100 } })).data,
  });
}
