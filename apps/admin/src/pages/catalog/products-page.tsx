import { Anchor, Box, Button, Checkbox, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { type MouseEvent, useEffect, useState } from "react";
import { Can } from "../../auth/can.js";
import { CursorPager } from "../../components/cursor-pager.js";
import { type DataColumn, DataTable } from "../../components/data-table.js";
import { PageHeader } from "../../components/page-header.js";
import { BulkStatusBar } from "./products-list/bulk-status-bar.js";
import { ProductFiltersBar } from "./products-list/product-filters.js";
import {
  ENTITY_STATUSES,
  type EntityStatus,
  type ProductFilters,
  type ProductRow,
  useProductRows,
} from "./products-list/use-product-rows.js";
import { StatusBadge } from "./product-editor/status-badge.js";

const NO_FILTERS: ProductFilters = { q: "", status: "", type: "", category: "", brand: "", sort: "createdAt:desc" };

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The filters kept in the address (`?q=shoe&status=active`), so "back" from a product finds the list as it was. */
function filtersOf(search: Record<string, unknown>): ProductFilters {
  const status = text(search.status);
  return {
    q: text(search.q),
    status: (ENTITY_STATUSES as readonly string[]).includes(status) ? (status as EntityStatus) : "",
    type: text(search.type),
    category: text(search.category),
    brand: text(search.brand),
    sort: text(search.sort) || NO_FILTERS.sort,
  };
}

function searchOf(filters: ProductFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter(([key, value]) => value !== "" && !(key === "sort" && value === NO_FILTERS.sort)),
  );
}

/** `/catalog/products`: search, filter and sort the catalog, publish or archive a selection, open one. */
export function ProductsPage() {
  const navigate = useNavigate();
  const search: Record<string, unknown> = useSearch({ strict: false });
  const [filters, setFilters] = useState<ProductFilters>(() => filtersOf(search));
  // Typing in the search box asks the server once the typing pauses, not once per key.
  const [settled] = useDebouncedValue(filters, 300);
  useEffect(() => {
    void navigate({ to: "/catalog/products", search: searchOf(settled), replace: true });
  }, [settled, navigate]);
  const list = useProductRows(settled);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const pageIds = list.rows.map((row) => row.id);
  const selectedOnPage = pageIds.filter((id) => selected.has(id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((current) => {
      const next = new Set(current);
      const isAll = pageIds.every((id) => next.has(id));
      for (const id of pageIds) {
        if (isAll) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  const open = (row: ProductRow) => void navigate({ to: "/catalog/products/$id", params: { id: row.id } });

  const columns: DataColumn<ProductRow>[] = [
    {
      key: "select",
      header: (
        <Checkbox
          aria-label="Select every product of this page"
          checked={pageIds.length > 0 && selectedOnPage.length === pageIds.length}
          indeterminate={selectedOnPage.length > 0 && selectedOnPage.length < pageIds.length}
          onChange={toggleAll}
        />
      ),
      render: (row) => (
        // The row opens the editor; ticking its box must not.
        <Checkbox
          aria-label={`Select ${row.title ?? row.slug}`}
          checked={selected.has(row.id)}
          onChange={() => toggle(row.id)}
          onClick={(event) => event.stopPropagation()}
        />
      ),
    },
    {
      key: "title",
      header: "Product",
      render: (row) => (
        <Stack gap={0}>
          <Anchor
            component={Link}
            to={`/catalog/products/${row.id}`}
            onClick={(event: MouseEvent) => event.stopPropagation()}
            fw={500}
          >
            {row.title ?? row.slug}
          </Anchor>
          <Text size="xs" c="dimmed">
            {row.slug}
          </Text>
          {/* On a phone the status column is hidden; the status rides under the slug instead. */}
          <Box hiddenFrom="sm" mt={4}>
            <StatusBadge status={row.status} />
          </Box>
        </Stack>
      ),
    },
    { key: "type", header: "Type", render: (row) => row.type, isHiddenOnPhone: true },
    { key: "status", header: "Status", render: (row) => <StatusBadge status={row.status} />, isHiddenOnPhone: true },
    {
      key: "updatedAt",
      header: "Updated",
      render: (row) => (row.updatedAt ? new Date(row.updatedAt).toLocaleString() : "—"),
      isHiddenOnPhone: true,
    },
  ];

  const hasFilters = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  return (
    <>
      <PageHeader
        title="Products"
        description="Search, filter, publish and archive the catalog."
        actions={
          <Can permission="catalog:create">
            <Button component={Link} to="/catalog/products/new">
              New product
            </Button>
          </Can>
        }
      />
      <ProductFiltersBar filters={filters} onChange={setFilters} />
      <BulkStatusBar selectedIds={[...selected]} onDone={(failedIds) => setSelected(new Set(failedIds))} />
      <DataTable
        caption="Products"
        columns={columns}
        rows={list.rows}
        getRowKey={(row) => row.id}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={list.refetch}
        onRowClick={open}
        empty={
          hasFilters ? (
            <>
              <Text c="dimmed">No product matches these filters.</Text>
              <Button variant="default" size="xs" onClick={() => setFilters(NO_FILTERS)}>
                Clear the filters
              </Button>
            </>
          ) : (
            <>
              <Text c="dimmed">No product yet.</Text>
              <Can permission="catalog:create">
                <Button component={Link} to="/catalog/products/new" size="xs">
                  Create the first product
                </Button>
              </Can>
            </>
          )
        }
        footer={<CursorPager pager={list.pager} total={list.pagination?.total} />}
      />
      {list.isFetching && !list.isLoading ? (
        <Text size="xs" c="dimmed" aria-live="polite">
          Loading…
        </Text>
      ) : null}
    </>
  );
}
