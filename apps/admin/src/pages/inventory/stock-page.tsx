import { Button, Center, Group, Loader, Modal, Select, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../api/api-context.js";
import { Can } from "../../auth/can.js";
import { CursorPager } from "../../components/cursor-pager.js";
import { DataTable, type DataColumn } from "../../components/data-table.js";
import { ErrorAlert } from "../../components/error-alert.js";
import { PageHeader } from "../../components/page-header.js";
import { useCursorList } from "../../components/use-cursor-list.js";
import { RecentMovements } from "./recent-movements.js";
import { StockAdjustForm, type StockTarget } from "./stock-adjust-form.js";
import { type StockEntity, type StockRow, stockRows } from "./stock-rows.js";
import { useWarehouses } from "./use-warehouses.js";

/** Every stock query starts with this key (invalidated after an adjustment). */
const STOCK_KEY = ["inventory", "stock"] as const;

const targetOf = (row: StockRow): StockTarget => ({
  entityId: row.entityId,
  variantId: row.variantId,
  label: row.variantLabel ? `${row.title} · ${row.variantLabel}` : row.title,
});

export function StockPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const warehouses = useWarehouses();
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [adjusting, setAdjusting] = useState<StockTarget | null>(null);
  // The catalog's list with the `inventory` include: a page of products with their stock in one request,
  // paged by cursor like the product list (the inventory module has no list of levels of its own).
  const list = useCursorList<StockEntity>({
    queryKey: [...STOCK_KEY, "entities"],
    fetchPage: (cursor) =>
      api.get("/api/catalog/entities", {
        query: { limit: 20, include: "attributes,variants,inventory", ...(cursor ? { cursor } : {}) },
      }),
  });
  const rows = stockRows(list.rows, warehouseId);

  const columns: DataColumn<StockRow>[] = [
    {
      key: "product",
      header: "Product",
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.title}</Text>
          {row.variantLabel ? (
            <Text size="xs" c="dimmed">
              {row.variantLabel}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: "sku", header: "SKU", render: (row) => row.sku ?? "—", isHiddenOnPhone: true },
    { key: "onHand", header: "On hand", render: (row) => row.onHand, isNumeric: true },
    { key: "reserved", header: "Reserved", render: (row) => row.reserved, isNumeric: true, isHiddenOnPhone: true },
    { key: "available", header: "Available", render: (row) => row.available, isNumeric: true },
    {
      key: "actions",
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      isNumeric: true,
      render: (row) => (
        <Can permission="inventory:adjust">
          <Button
            size="xs"
            variant="light"
            onClick={() => setAdjusting(targetOf(row))}
            aria-label={`Adjust stock of ${targetOf(row).label}`}
          >
            Adjust
          </Button>
        </Can>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Stock" description="On hand, reserved and available, per product and variant." />
      <Group mb="md" align="flex-end">
        <Select
          label="Warehouse"
          placeholder="All warehouses"
          clearable
          w={{ base: "100%", sm: 260 }}
          data={(warehouses.data ?? []).map((warehouse) => ({ value: warehouse.id, label: warehouse.name }))}
          value={warehouseId}
          onChange={setWarehouseId}
        />
      </Group>
      <DataTable
        caption="Stock levels"
        minWidth={0}
        columns={columns}
        rows={rows}
        getRowKey={(row) => row.key}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={list.refetch}
        empty={<Text c="dimmed">No product yet: stock is kept per product and variant.</Text>}
        footer={<CursorPager pager={list.pager} total={list.pagination?.total} />}
      />
      <Can permission="analytics:read">
        <RecentMovements
          warehouseId={warehouseId}
          titles={new Map(rows.map((row) => [row.entityId, row.title]))}
          queryKeyPrefix={STOCK_KEY}
        />
      </Can>
      <Modal
        opened={adjusting !== null}
        onClose={() => setAdjusting(null)}
        title="Adjust stock"
        centered
        closeButtonProps={{ "aria-label": "Close" }}
      >
        {adjusting && warehouses.error ? (
          <ErrorAlert error={warehouses.error} onRetry={() => void warehouses.refetch()} />
        ) : null}
        {adjusting && warehouses.isLoading ? (
          <Center py="md">
            <Loader size="sm" aria-label="Loading warehouses" />
          </Center>
        ) : null}
        {adjusting && warehouses.data ? (
          <StockAdjustForm
            target={adjusting}
            warehouses={warehouses.data}
            warehouseId={warehouseId}
            onClose={() => setAdjusting(null)}
            onAdjusted={() => {
              void queryClient.invalidateQueries({ queryKey: STOCK_KEY });
              // Product pages that show stock (the `inventory` include) read it again too.
              void queryClient.invalidateQueries({ queryKey: ["catalog", "entities"] });
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
