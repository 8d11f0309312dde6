import { useQuery } from "@tanstack/react-query";
import type { ResponseData } from "@unified-commerce/client";
import { useApi } from "../../../api/api-context.js";

/** A catalog entity as `GET /api/catalog/entities/{idOrSlug}` answers it. */
export type Product = ResponseData<"/api/catalog/entities/{idOrSlug}", "get">;

/** A variant of a product (the `variants` include). */
export type Variant = NonNullable<Product["variants"]>[number];

/** An option axis of a product with its values (the `optionTypes` include). */
export type OptionType = NonNullable<Product["optionTypes"]>[number];

/** The cache key of one product's reads; mutations of its variants, options and media invalidate it. */
export const productQueryKey = (id: string) => ["catalog", "entity", id] as const;

/**
 * One product with the includes its sub-pages need: one request for the header, the option axes, the
 * variants and the media, so every section of the page shows the same revision.
 */
export function useProduct(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: productQueryKey(id),
    queryFn: async () =>
      (
        await api.get("/api/catalog/entities/{idOrSlug}", {
          params: { idOrSlug: id },
          query: { include: "attributes,variants,optionTypes,media" },
        })
      ).data,
  });
}

/** The product's title in the first locale that has one, else its slug. */
export function productTitle(product: Product): string {
  for (const attributes of Object.values(product.attributes ?? {})) if (attributes.title) return attributes.title;
  return product.slug;
}

/** A variant's options in words: "Size: S · Colour: Red" (or "Default" for a variant without options). */
export function variantLabel(variant: Pick<Variant, "options">): string {
  const parts = Object.entries(variant.options).map(([name, value]) => `${name}: ${value}`);
  return parts.length > 0 ? parts.join(" · ") : "Default";
}
