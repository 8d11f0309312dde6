import { Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "../../api/api-context.js";
import { DataTable, type DataColumn } from "../../components/data-table.js";

/** One group of adjustments: a product (or variant), a type and an hour. */
interface Movement {
  key: string;
  hour: string;
  entityId: string;
  type: string;
  quantity: number;
  count: number;
}

/** Props of {@link RecentMovements}. */
export interface RecentMovementsProps {
  /** Only this warehouse's movements; null: every warehouse. */
  warehouseId: string | null;
  /** Titles of the products on screen; others show the start of their id. */
  titles: ReadonlyMap<string, string>;
  /** Starts the query key, so an adjustment's invalidation refreshes these too. */
  queryKeyPrefix: readonly unknown[];
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const count = (value: unknown): number => (typeof value === "number" ? value : Number(value ?? 0));

/**
 * The latest stock movements, summed per product, type and hour. The inventory module has no list of
 * adjustments; its analytics model (`inventoryAdjustments`) is the one read of that history, and it
 * groups rather than lists, so the hour is as close as this gets to each movement.
 */
export function RecentMovements({ warehouseId, titles, queryKeyPrefix }: RecentMovementsProps) {
  const api = useApi();
  const movements = useQuery({
    queryKey: [...queryKeyPrefix, "movements", { warehouseId }],
    queryFn: async (): Promise<Movement[]> => {
      const { data } = await api.post("/api/analytics/query", {
        body: {
          model: "inventoryAdjustments",
          measures: ["quantity", "count"],
          dimensions: ["entityId", "variantId", "type"],
          timeDimension: { dimension: "createdAt", granularity: "hour" },
          filters: warehouseId ? [{ member: "warehouseId", operator: "equals", values: [warehouseId] }] : [],
          order: [{ member: "createdAt", direction: "desc" }],
          limit: 10,
        },
      });
      return data.map((row, index) => ({
        key: `${index}:${text(row.createdAt)}:${text(row.entityId)}:${text(row.variantId)}:${text(row.type)}`,
        hour: text(row.createdAt),
        entityId: text(row.entityId),
        type: text(row.type),
        quantity: count(row.quantity),
        count: count(row.count),
      }));
    },
  });

  const columns: DataColumn<Movement>[] = [
    {
      key: "hour",
      header: "Hour",
      render: (movement) => movement.hour.replace("T", " "),
      isHiddenOnPhone: true,
    },
    {
      key: "product",
      header: "Product",
      render: (movement) => titles.get(movement.entityId) ?? `${movement.entityId.slice(0, 8)}…`,
    },
    { key: "type", header: "Type", render: (movement) => movement.type },
    {
      key: "quantity",
      header: "Units",
      render: (movement) => (movement.quantity > 0 ? `+${movement.quantity}` : String(movement.quantity)),
      isNumeric: true,
    },
  ];

  return (
    <>
      <Title order={2} size="h4" mt="xl" mb={4}>
        Recent movements
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Net units per product, type and hour, newest first.
      </Text>
      <DataTable
        caption="Recent stock movements"
        minWidth={0}
        columns={columns}
        rows={movements.data ?? []}
        getRowKey={(movement) => movement.key}
        isLoading={movements.isLoading}
        error={movements.error}
        onRetry={() => void movements.refetch()}
        empty={<Text c="dimmed">No movement yet.</Text>}
      />
    </>
  );
}
