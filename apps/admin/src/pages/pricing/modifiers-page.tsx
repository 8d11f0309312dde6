import { Badge, Button, Group, Modal, SegmentedControl, Text, VisuallyHidden } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../api/api-context.js";
import { Can } from "../../auth/can.js";
import { usePermissions } from "../../auth/use-permissions.js";
import { ConfirmDialog } from "../../components/confirm-dialog.js";
import { CursorPager } from "../../components/cursor-pager.js";
import { DataTable, type DataColumn } from "../../components/data-table.js";
import { notifySuccess } from "../../components/notify-success.js";
import { PageHeader } from "../../components/page-header.js";
import { pageNumberCursor } from "../../components/page-number-cursor.js";
import { useCursorList } from "../../components/use-cursor-list.js";
import { type Modifier, ModifierForm } from "./modifier-form.js";
import { describeModifierValue } from "./modifier-value.js";
import { useCustomerGroupIds } from "./use-customer-groups.js";
import { productLabel, useProductOptions } from "./use-product-options.js";

/** Every modifier query starts with this key. */
const MODIFIERS_KEY = ["pricing", "modifiers"] as const;

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : null);

export function ModifiersPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const products = useProductOptions();
  const customerGroupIds = useCustomerGroupIds();
  const [activity, setActivity] = useState("all");
  const [editing, setEditing] = useState<Modifier | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Modifier | null>(null);
  const filters = activity === "all" ? {} : { isActive: activity as "true" | "false" };
  const list = useCursorList<Modifier>({
    queryKey: [...MODIFIERS_KEY, filters],
    fetchPage: pageNumberCursor((page) =>
      api.get("/api/pricing/modifiers", { query: { page, limit: 20, ...filters } }),
    ),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: MODIFIERS_KEY });
    void queryClient.invalidateQueries({ queryKey: ["catalog", "entities"] });
  };
  const close = () => setEditing(undefined);

  const columns: DataColumn<Modifier>[] = [
    {
      key: "name",
      header: "Name",
      render: (modifier) => (
        <Group gap={6}>
          <Text size="sm">{modifier.name}</Text>
          {modifier.isActive ? null : (
            <Badge color="gray" variant="light" size="sm">
              Inactive
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: "change",
      header: "Change",
      render: (modifier) => describeModifierValue(modifier.kind, modifier.value, modifier.currency),
      isNumeric: true,
    },
    {
      key: "scope",
      header: "Applies to",
      isHiddenOnPhone: true,
      render: (modifier) =>
        [
          modifier.entityId ? productLabel(products.data, modifier.entityId) : "Every product",
          modifier.currency ?? "every currency",
          modifier.customerGroupId ? `group ${modifier.customerGroupId}` : "everyone",
        ].join(" · "),
    },
    {
      key: "window",
      header: "When",
      isHiddenOnPhone: true,
      render: (modifier) => {
        const [from, to] = [when(modifier.startsAt), when(modifier.endsAt)];
        if (!from && !to) return "Always";
        return `${from ?? "…"} – ${to ?? "…"}`;
      },
    },
    {
      key: "priority",
      header: "Priority",
      render: (modifier) => modifier.priority,
      isNumeric: true,
      isHiddenOnPhone: true,
    },
    {
      key: "actions",
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      isNumeric: true,
      render: (modifier) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="light" onClick={() => setEditing(modifier)}>
            Edit<VisuallyHidden> {modifier.name}</VisuallyHidden>
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(modifier)}>
            Delete<VisuallyHidden> {modifier.name}</VisuallyHidden>
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Modifiers"
        description="Percentages first, then fixed amounts, each by priority; a price never goes below zero."
        actions={
          <Can permission="pricing:create">
            <Button onClick={() => setEditing(null)}>New modifier</Button>
          </Can>
        }
      />
      {can("pricing:update") ? (
        <>
          <SegmentedControl
            mb="md"
            aria-label="Show modifiers"
            value={activity}
            onChange={setActivity}
            data={[
              { value: "all", label: "All" },
              { value: "true", label: "Active" },
              { value: "false", label: "Inactive" },
            ]}
          />
          <DataTable
            caption="Price modifiers"
            minWidth={0}
            columns={columns}
            rows={list.rows}
            getRowKey={(modifier) => modifier.id}
            isLoading={list.isLoading}
            error={list.error}
            onRetry={list.refetch}
            empty={<Text c="dimmed">No modifier: prices apply as they are set.</Text>}
            footer={<CursorPager pager={list.pager} total={list.pagination?.total} />}
          />
        </>
      ) : (
        <Text c="dimmed">Reading and changing modifiers needs the pricing:update permission.</Text>
      )}
      <Modal
        opened={editing !== undefined}
        onClose={close}
        title={editing ? "Edit modifier" : "New modifier"}
        centered
        closeButtonProps={{ "aria-label": "Close" }}
        size="lg"
      >
        {editing !== undefined ? (
          <ModifierForm
            modifier={editing ?? undefined}
            products={products.data ?? []}
            customerGroupIds={customerGroupIds}
            onCancel={close}
            onSaved={(modifier) => {
              close();
              refresh();
              notifySuccess(`Modifier ${modifier.name} saved`);
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete modifier"
        message={`Delete ${deleting?.name ?? "this modifier"}? Prices no longer change by it; this cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={async () => {
          if (!deleting) return;
          await api.delete("/api/pricing/modifiers/{id}", { params: { id: deleting.id } });
          refresh();
        }}
      />
    </>
  );
}
