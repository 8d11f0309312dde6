import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../api/api-context.js";
import type { Category } from "./category-tree.js";

/** The query key of every category list; mutations invalidate it. */
export const CATEGORIES_KEY = ["catalog", "categories"] as const;

/**
 * Every category of the organization. The API pages them by number (at most 100 a page) and a tree needs
 * all of them, so the pages are read one after the other.
 */
export function useAllCategories() {
  const api = useApi();
  return useQuery({
    queryKey: [...CATEGORIES_KEY, "all"],
    queryFn: async () => {
      const categories: Category[] = [];
      for await (const page of api.pages("/api/catalog/categories", { query: { limit: 100 } }))
        categories.push(...page.data);
      return categories;
    },
  });
}
