import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context.js";
import { usePermissions } from "../../auth/use-permissions.js";

/**
 * The customer groups' ids, to suggest in price and modifier forms. Needs customers:read; without it the
 * fields still take a typed id (prices name a group by id, and the server does not require it to exist).
 */
export function useCustomerGroupIds(): string[] {
  const api = useApi();
  const { can } = usePermissions();
  const groups = useQuery({
    queryKey: ["customers", "groups", "all"],
    queryFn: async () => (await api.get("/api/customers/groups", { query: { page: 1, limit: 100 } })).data,
    enabled: can("customers:read"),
  });
  return (groups.data ?? []).map((group) => group.id);
}
