import { Button, Modal, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../api/api-context.js";
import { Can } from "../../auth/can.js";
import { CursorPager } from "../../components/cursor-pager.js";
import { DataTable, type DataColumn } from "../../components/data-table.js";
import { notifySuccess } from "../../components/notify-success.js";
import { PageHeader } from "../../components/page-header.js";
import { pageNumberCursor } from "../../components/page-number-cursor.js";
import { useCursorList } from "../../components/use-cursor-list.js";
import { type Warehouse, WarehouseForm } from "./warehouse-form.js";
import { WAREHOUSES_KEY } from "./use-warehouses.js";

const columns: DataColumn<Warehouse>[] = [
  { key: "name", header: "Name", render: (warehouse) => warehouse.name },
  {
    key: "code",
    header: "Code",
    render: (warehouse) => (
      <Text ff="monospace" size="sm">
        {warehouse.code}
      </Text>
    ),
  },
  {
    key: "created",
    header: "Created",
    render: (warehouse) => new Date(warehouse.createdAt).toLocaleDateString(),
    isHiddenOnPhone: true,
  },
];

export function WarehousesPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [isCreating, setCreating] = useState(false);
  const list = useCursorList<Warehouse>({
    queryKey: [...WAREHOUSES_KEY, "page"],
    fetchPage: pageNumberCursor((page) => api.get("/api/inventory/warehouses", { query: { page, limit: 20 } })),
  });
  const createButton = (
    <Can permission="inventory:adjust">
      <Button onClick={() => setCreating(true)}>New warehouse</Button>
    </Can>
  );

  return (
    <>
      <PageHeader title="Warehouses" description="Where stock is kept." actions={createButton} />
      <DataTable
        caption="Warehouses"
        minWidth={0}
        columns={columns}
        rows={list.rows}
        getRowKey={(warehouse) => warehouse.id}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={list.refetch}
        empty={<Text c="dimmed">No warehouse yet. Stock is kept in a default one until you create one.</Text>}
        footer={<CursorPager pager={list.pager} total={list.pagination?.total} />}
      />
      <Modal
        opened={isCreating}
        onClose={() => setCreating(false)}
        title="New warehouse"
        centered
        closeButtonProps={{ "aria-label": "Close" }}
      >
        <WarehouseForm
          onCancel={() => setCreating(false)}
          onSaved={(warehouse) => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: WAREHOUSES_KEY });
            notifySuccess(`Warehouse ${warehouse.name} created`);
          }}
        />
      </Modal>
    </>
  );
}
