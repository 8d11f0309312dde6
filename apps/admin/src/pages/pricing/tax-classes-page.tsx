import { Badge, Button, Group, Modal, Text, VisuallyHidden } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../api/api-context.js";
import { ConfirmDialog } from "../../components/confirm-dialog.js";
import { CursorPager } from "../../components/cursor-pager.js";
import { DataTable, type DataColumn } from "../../components/data-table.js";
import { notifySuccess } from "../../components/notify-success.js";
import { PageHeader } from "../../components/page-header.js";
import { pageNumberCursor } from "../../components/page-number-cursor.js";
import { useCursorList } from "../../components/use-cursor-list.js";
import { type TaxClass, TaxClassForm } from "./tax-class-form.js";

/** Every tax class query starts with this key. */
const TAX_CLASSES_KEY = ["tax", "classes"] as const;

/** Tax classes and their rates. Every tax route needs tax:manage, which the navbar link already asks. */
export function TaxClassesPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TaxClass | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<TaxClass | null>(null);
  const list = useCursorList<TaxClass>({
    queryKey: [...TAX_CLASSES_KEY, "page"],
    fetchPage: pageNumberCursor((page) => api.get("/api/tax/classes", { query: { page, limit: 20 } })),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: TAX_CLASSES_KEY });
  const close = () => setEditing(undefined);

  const columns: DataColumn<TaxClass>[] = [
    {
      key: "name",
      header: "Name",
      render: (taxClass) => (
        <Group gap={6}>
          <Text size="sm" ff="monospace">
            {taxClass.name}
          </Text>
          {taxClass.isDefault ? (
            <Badge variant="light" size="sm">
              Default
            </Badge>
          ) : null}
          {taxClass.isActive ? null : (
            <Badge color="gray" variant="light" size="sm">
              Inactive
            </Badge>
          )}
        </Group>
      ),
    },
    { key: "rate", header: "Rate", render: (taxClass) => `${taxClass.rateBps / 100}\u00a0%`, isNumeric: true },
    {
      key: "updated",
      header: "Updated",
      render: (taxClass) => new Date(taxClass.updatedAt).toLocaleDateString(),
      isHiddenOnPhone: true,
    },
    {
      key: "actions",
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      isNumeric: true,
      render: (taxClass) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setEditing(taxClass)}>
            Edit<VisuallyHidden> {taxClass.name}</VisuallyHidden>
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(taxClass)}>
            Delete<VisuallyHidden> {taxClass.name}</VisuallyHidden>
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Tax classes"
        description="Rates per class; products without a class use the default one."
        actions={<Button onClick={() => setEditing(null)}>New tax class</Button>}
      />
      <DataTable
        caption="Tax classes"
        minWidth={0}
        columns={columns}
        rows={list.rows}
        getRowKey={(taxClass) => taxClass.id}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={list.refetch}
        empty={<Text c="dimmed">No tax class: tax comes from the configured region rates until one is active.</Text>}
        footer={<CursorPager pager={list.pager} total={list.pagination?.total} />}
      />
      <Modal
        opened={editing !== undefined}
        onClose={close}
        title={editing ? "Edit tax class" : "New tax class"}
        centered
        closeButtonProps={{ "aria-label": "Close" }}
      >
        {editing !== undefined ? (
          <TaxClassForm
            taxClass={editing ?? undefined}
            onCancel={close}
            onSaved={(taxClass) => {
              close();
              refresh();
              notifySuccess(`Tax class ${taxClass.name} saved`);
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete tax class"
        message={`Delete ${deleting?.name ?? "this class"}? Products assigned to it fall back to the default class.`}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!deleting) return;
          await api.delete("/api/tax/classes/{id}", { params: { id: deleting.id } });
          refresh();
        }}
      />
    </>
  );
}
