import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context.js";
import { entityTitle } from "../inventory/stock-rows.js";

/** A product as pickers show it: its title and its variants. */
export interface ProductOption {
  value: string;
  label: string;
  variants: { value: string; label: string }[];
}

/**
 * The first 100 products (the catalog list's largest page), for the product pickers of prices and
 * modifiers; the catalog has no search by title to page through more.
 */
export function useProductOptions() {
  const api = useApi();
  return useQuery({
    queryKey: ["catalog", "entities", "options"],
    queryFn: async (): Promise<ProductOption[]> => {
      const { data } = await api.get("/api/catalog/entities", {
        query: { limit: 100, include: "attributes,variants" },
      });
      return data.map((entity) => ({
        value: entity.id,
        label: entityTitle(entity),
        variants: (entity.variants ?? []).map((variant) => ({
          value: variant.id,
          label: [variant.sku, Object.values(variant.options).join(" / ")].filter(Boolean).join(" · ") || variant.id,
        })),
      }));
    },
  });
}

/** A product's title from the options, else the start of its id (a product past the first 100). */
export function productLabel(options: ProductOption[] | undefined, entityId: string): string {
  return options?.find((option) => option.value === entityId)?.label ?? `${entityId.slice(0, 8)}…`;
}
