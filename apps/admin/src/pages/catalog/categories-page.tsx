import { Button, Modal, Text, VisuallyHidden } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useApi } from "../../api/api-context.js";
import { Can } from "../../auth/can.js";
import { ConfirmDialog } from "../../components/confirm-dialog.js";
import { type DataColumn, DataTable } from "../../components/data-table.js";
import { PageHeader } from "../../components/page-header.js";
import { type Category, type CategoryTreeRow, categoryTree } from "./categories/category-tree.js";
import { CategoryForm } from "./categories/category-form.js";
import { CATEGORIES_KEY, useAllCategories } from "./categories/use-all-categories.js";
import { RowActions } from "./row-actions.js";

/** What deleting a category does, as the server's delete route describes it. */
function deleteMessage(childCount: number): string {
  const children =
    childCount === 0
      ? ""
      : childCount === 1
        ? " Its subcategory becomes a top-level category."
        : ` Its ${childCount} subcategories become top-level categories.`;
  return `Products filed under it lose the link.${children} This cannot be undone.`;
}

/** What the form dialog is doing: creating, or editing one category. */
type Editing = { mode: "create" } | { mode: "edit"; category: Category };

/** The category tree: every category under its parent, with create, edit and delete. */
export function CategoriesPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const categories = useAllCategories();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<Category | null>(null);
  const all = categories.data ?? [];
  const rows = useMemo(() => categoryTree(categories.data ?? []), [categories.data]);
  const childCount = (id: string) => all.filter((category) => category.parentId === id).length;

  const columns: DataColumn<CategoryTreeRow>[] = [
    {
      key: "name",
      header: "Name",
      render: ({ category, depth, path }) => (
        <Text size="sm" pl={depth * 20} fw={depth === 0 ? 600 : 400} title={[...path, category.name].join(" › ")}>
          {depth > 0 ? <span aria-hidden="true">└ </span> : null}
          {category.name}
        </Text>
      ),
    },
    {
      key: "slug",
      header: "Slug",
      render: ({ category }) => <Text size="sm">{category.slug}</Text>,
      isHiddenOnPhone: true,
    },
    {
      key: "description",
      header: "Description",
      render: ({ category }) => (
        <Text size="sm" c="dimmed" lineClamp={1} maw={320}>
          {category.description ?? ""}
        </Text>
      ),
      isHiddenOnPhone: true,
    },
    {
      key: "actions",
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      isNumeric: true,
      render: ({ category }) => (
        <RowActions
          name={category.name}
          onEdit={() => setEditing({ mode: "edit", category })}
          onRemove={() => setRemoving(category)}
        />
      ),
    },
  ];

  const remove = async () => {
    if (!removing) return;
    await api.delete("/api/catalog/categories/{categoryId}", { params: { categoryId: removing.id } });
    // Products lose the link too, so their cached includes are stale as well.
    await queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY });
    await queryClient.invalidateQueries({ queryKey: ["catalog", "entities"] });
  };

  const removingChildren = removing ? childCount(removing.id) : 0;
  return (
    <>
      <PageHeader
        title="Categories"
        description="The category tree products are filed under."
        actions={
          <Can permission="catalog:update">
            <Button onClick={() => setEditing({ mode: "create" })}>New category</Button>
          </Can>
        }
      />
      <DataTable
        minWidth={320}
        caption="Categories"
        columns={columns}
        rows={rows}
        getRowKey={(row) => row.category.id}
        isLoading={categories.isLoading}
        error={categories.error}
        onRetry={() => void categories.refetch()}
        empty={
          <>
            <Text c="dimmed">No category yet.</Text>
            <Can permission="catalog:update">
              <Button variant="light" onClick={() => setEditing({ mode: "create" })}>
                Create the first category
              </Button>
            </Can>
          </>
        }
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === "edit" ? `Edit ${editing.category.name}` : "New category"}
        size="lg"
      >
        {editing ? (
          <CategoryForm
            category={editing.mode === "edit" ? editing.category : undefined}
            categories={all}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={remove}
        title={`Delete ${removing?.name ?? "the category"}?`}
        message={deleteMessage(removingChildren)}
        confirmLabel="Delete category"
      />
    </>
  );
}
