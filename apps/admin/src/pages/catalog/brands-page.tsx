import { Button, Modal, Text, VisuallyHidden } from "@mantine/core";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../api/api-context.js";
import { Can } from "../../auth/can.js";
import { ConfirmDialog } from "../../components/confirm-dialog.js";
import { CursorPager } from "../../components/cursor-pager.js";
import { type DataColumn, DataTable } from "../../components/data-table.js";
import { PageHeader } from "../../components/page-header.js";
import type { ListPage } from "../../components/use-cursor-list.js";
import { type Brand, BRANDS_KEY, BrandForm } from "./brands/brand-form.js";
import { RowActions } from "./row-actions.js";

const PAGE_SIZE = 20;

type Editing = { mode: "create" } | { mode: "edit"; brand: Brand };

/** The brands, by name, a page at a time, with create, edit and delete. */
export function BrandsPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<Brand | null>(null);
  // The brands list pages by number (no cursor), so useCursorList does not fit it.
  const list = useQuery({
    queryKey: [...BRANDS_KEY, { page }],
    queryFn: () => api.get("/api/catalog/brands", { query: { page, limit: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  // The OpenAPI document types `meta` loosely; the list answers core's `paginate()` shape.
  const pagination = (list.data?.meta as ListPage<Brand>["meta"])?.pagination;
  const totalPages = pagination?.totalPages ?? 1;

  const columns: DataColumn<Brand>[] = [
    {
      key: "name",
      header: "Name",
      render: (brand) => (
        <Text size="sm" fw={600}>
          {brand.name}
        </Text>
      ),
    },
    { key: "slug", header: "Slug", render: (brand) => <Text size="sm">{brand.slug}</Text>, isHiddenOnPhone: true },
    {
      key: "description",
      header: "Description",
      render: (brand) => (
        <Text size="sm" c="dimmed" lineClamp={1} maw={360}>
          {brand.description ?? ""}
        </Text>
      ),
      isHiddenOnPhone: true,
    },
    {
      key: "actions",
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      isNumeric: true,
      render: (brand) => (
        <RowActions
          name={brand.name}
          onEdit={() => setEditing({ mode: "edit", brand })}
          onRemove={() => setRemoving(brand)}
        />
      ),
    },
  ];

  const remove = async () => {
    if (!removing) return;
    await api.delete("/api/catalog/brands/{brandId}", { params: { brandId: removing.id } });
    // The last brand of a page gone: show the page before rather than an empty one.
    if (list.data?.data.length === 1 && page > 1) setPage(page - 1);
    await queryClient.invalidateQueries({ queryKey: BRANDS_KEY });
    await queryClient.invalidateQueries({ queryKey: ["catalog", "entities"] });
  };

  return (
    <>
      <PageHeader
        title="Brands"
        description="The makers and labels products are sold under."
        actions={
          <Can permission="catalog:update">
            <Button onClick={() => setEditing({ mode: "create" })}>New brand</Button>
          </Can>
        }
      />
      <DataTable
        minWidth={320}
        caption="Brands"
        columns={columns}
        rows={list.data?.data ?? []}
        getRowKey={(brand) => brand.id}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={
          <>
            <Text c="dimmed">No brand yet.</Text>
            <Can permission="catalog:update">
              <Button variant="light" onClick={() => setEditing({ mode: "create" })}>
                Create the first brand
              </Button>
            </Can>
          </>
        }
        footer={
          <CursorPager
            total={pagination?.total}
            pager={{
              pageNumber: page,
              hasPrevious: page > 1,
              hasNext: page < totalPages && !list.isPlaceholderData,
              previous: () => setPage(Math.max(1, page - 1)),
              next: () => setPage(page + 1),
            }}
          />
        }
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === "edit" ? `Edit ${editing.brand.name}` : "New brand"}
        size="lg"
      >
        {editing ? (
          <BrandForm
            brand={editing.mode === "edit" ? editing.brand : undefined}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={remove}
        title={`Delete ${removing?.name ?? "the brand"}?`}
        message="Products of this brand lose the link. This cannot be undone."
        confirmLabel="Delete brand"
      />
    </>
  );
}
