import { Select, SimpleGrid, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../../api/api-context.js";
import { ENTITY_STATUSES, type EntityStatus, type ProductFilters } from "./use-product-rows.js";

/** Props of {@link ProductFiltersBar}. */
export interface ProductFiltersBarProps {
  filters: ProductFilters;
  onChange: (filters: ProductFilters) => void;
}

const SORTS = [
  { value: "createdAt:desc", label: "Newest first" },
  { value: "createdAt:asc", label: "Oldest first" },
  { value: "updatedAt:desc", label: "Recently updated" },
  { value: "slug:asc", label: "Slug A-Z" },
  { value: "slug:desc", label: "Slug Z-A" },
  { value: "status:asc", label: "Status" },
  { value: "type:asc", label: "Type" },
];

const STATUS_OPTIONS = ENTITY_STATUSES.map((status) => ({ value: status, label: status }));

/**
 * Categories and brands for the selects: the first 100 of each (the list routes' largest page), which a
 * store's taxonomy fits in; the select filters them as the user types.
 */
function useTaxonomyOptions() {
  const api = useApi();
  const categories = useQuery({
    queryKey: ["catalog", "categories", "options"],
    queryFn: async () => (await api.get("/api/catalog/categories", { query: { limit: 100 } })).data,
    staleTime: 60_000,
  });
  const brands = useQuery({
    queryKey: ["catalog", "brands", "options"],
    queryFn: async () => (await api.get("/api/catalog/brands", { query: { limit: 100 } })).data,
    staleTime: 60_000,
  });
  return {
    categories: (categories.data ?? []).map(({ id, name }) => ({ value: id, label: name })),
    brands: (brands.data ?? []).map(({ id, name }) => ({ value: id, label: name })),
  };
}

/** Search box, filters and sort of the products list. */
export function ProductFiltersBar({ filters, onChange }: ProductFiltersBarProps) {
  const { categories, brands } = useTaxonomyOptions();
  const set = (patch: Partial<ProductFilters>) => onChange({ ...filters, ...patch });
  const isSearching = filters.q.trim() !== "";
  return (
    // Two columns even on a phone (the search box spans both), so the filters do not push the list off screen.
    <SimpleGrid cols={{ base: 2, md: 3, lg: 7 }} spacing="sm" mb="md">
      <TextInput
        style={{ gridColumn: "span 2" }}
        type="search"
        label="Search"
        placeholder="Title, slug or description"
        value={filters.q}
        onChange={(event) => set({ q: event.currentTarget.value })}
      />
      <Select
        label="Status"
        placeholder="Any status"
        data={STATUS_OPTIONS}
        value={filters.status || null}
        onChange={(value) => set({ status: (value ?? "") as EntityStatus | "" })}
        clearable
      />
      <TextInput
        label="Type"
        placeholder="Any type"
        value={filters.type}
        onChange={(event) => set({ type: event.currentTarget.value })}
      />
      <Select
        label="Category"
        placeholder="Any category"
        data={categories}
        value={filters.category || null}
        onChange={(value) => set({ category: value ?? "" })}
        searchable
        clearable
        nothingFoundMessage="No category"
      />
      <Select
        label="Brand"
        placeholder="Any brand"
        data={brands}
        value={filters.brand || null}
        onChange={(value) => set({ brand: value ?? "" })}
        searchable
        clearable
        nothingFoundMessage="No brand"
      />
      <Select
        label="Sort"
        data={isSearching ? [{ value: "relevance", label: "Relevance" }] : SORTS}
        value={isSearching ? "relevance" : filters.sort}
        onChange={(value) => value && !isSearching && set({ sort: value })}
        disabled={isSearching}
        allowDeselect={false}
      />
    </SimpleGrid>
  );
}
