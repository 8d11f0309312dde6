import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Text } from "@mantine/core";
import { isImportFinished } from "./use-catalog-import.js";
import type { CatalogImport } from "./start-catalog-import.js";

const STATUS_COLORS: Record<CatalogImport["status"], string> = {
  receiving: "blue",
  queued: "gray",
  running: "blue",
  completed: "green",
  failed: "red",
};

const STATUS_LABELS: Record<CatalogImport["status"], string> = {
  receiving: "Receiving",
  queued: "Queued",
  running: "Running",
  completed: "Completed",
  failed: "Failed",
};

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`import-${label.toLowerCase()}`}>
        {value.toLocaleString("en")}
      </Text>
    </Stack>
  );
}

/** An import's status, a bar of rows done out of rows received, and its counts. */
export function ImportProgress({ catalogImport }: { catalogImport: CatalogImport }) {
  const { status, rowsDone, rowsTotal, created, updated, failed } = catalogImport;
  const percent = rowsTotal > 0 ? Math.round((rowsDone / rowsTotal) * 100) : isImportFinished(status) ? 100 : 0;
  const isMoving = !isImportFinished(status);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600} truncate maw="70%">
            {catalogImport.filename ?? "Upload"}
          </Text>
          <Badge color={STATUS_COLORS[status]} variant="dot" aria-live="polite">
            {STATUS_LABELS[status]}
          </Badge>
        </Group>
        <Progress
          value={percent}
          striped={isMoving}
          animated={isMoving}
          color={status === "failed" ? "red" : undefined}
          aria-label="Import progress"
          size="lg"
        />
        <Text size="sm" c="dimmed" role="status">
          {rowsDone.toLocaleString("en")} of {rowsTotal.toLocaleString("en")} rows done ({percent}%)
        </Text>
        <SimpleGrid cols={{ base: 3 }}>
          <Figure label="Created" value={created} />
          <Figure label="Updated" value={updated} />
          <Figure label="Refused" value={failed} />
        </SimpleGrid>
        {catalogImport.ignoredColumns.length > 0 ? (
          <Text size="sm" c="dimmed">
            Ignored columns (not understood): {catalogImport.ignoredColumns.join(", ")}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
