import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useApi } from "../../api/api-context.js";
import { usePermissions } from "../../auth/use-permissions.js";
import { ErrorAlert } from "../../components/error-alert.js";
import { PageHeader } from "../../components/page-header.js";
import { READABLE_ALERT_TITLE } from "./readable-alert-title.js";
import { CSV_COLUMNS, downloadCsvTemplate } from "./import/catalog-import-template.js";
import { ImportErrorTable } from "./import/import-error-table.js";
import { ImportFilePicker } from "./import/import-file-picker.js";
import { ImportProgress } from "./import/import-progress.js";
import { useRecentImports } from "./import/recent-imports.js";
import { type CatalogImport, importFileProblem, startCatalogImport } from "./import/start-catalog-import.js";
import { isImportFinished, useCatalogImport } from "./import/use-catalog-import.js";

/** How long an import may sit queued before the page says who should pick it up. */
const QUEUED_TOO_LONG_MS = 20_000;

function ImportResult({ catalogImport }: { catalogImport: CatalogImport }) {
  const { status, created, updated, failed, errors } = catalogImport;
  if (!isImportFinished(status)) return null;
  return (
    <Stack gap="sm">
      <Alert
        color={status === "failed" ? "red" : failed > 0 ? "yellow" : "green"}
        title={status === "failed" ? "The import stopped" : "Import finished"}
        styles={READABLE_ALERT_TITLE}
      >
        {`${created} created, ${updated} updated, ${failed} refused.`}
        {failed > 0
          ? " Fix the refused lines and import the file again: lines already in are updated, not duplicated."
          : ""}
      </Alert>
      {errors.length > 0 ? (
        <>
          <Title order={2} size="h4">
            Refused lines
          </Title>
          <ImportErrorTable errors={errors} failed={failed} />
        </>
      ) : null}
    </Stack>
  );
}

function ColumnHelp() {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h5" mb="xs">
        CSV columns
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        One row per variant; consecutive rows with the same handle are one entity. Unknown columns are ignored.
      </Text>
      {/* A list rather than a table: the long column names wrap on a phone instead of scrolling. */}
      <Stack gap="xs" component="dl" m={0}>
        {CSV_COLUMNS.map((column) => (
          <div key={column.name}>
            <Text component="dt" size="sm" ff="monospace" fw={600} style={{ overflowWrap: "anywhere" }}>
              {column.name}
            </Text>
            <Text component="dd" size="sm" c="dimmed" m={0}>
              {column.meaning}
            </Text>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * Imports a catalog file: choose it, upload it (every line is checked as it arrives), follow the writing
 * job's progress, then read the summary and the refused lines. The API has no dry run: refused lines write
 * nothing and re-running a file updates rather than duplicates, so fixing the file and importing it again
 * is the way to correct it.
 */
export function ImportPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { can, isLoading: isLoadingPermissions } = usePermissions();
  const mayImport = can("catalog:import");
  const [file, setFile] = useState<File | null>(null);
  const [isUploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<unknown>(null);
  const [started, setStarted] = useState<CatalogImport | null>(null);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const { recent, remember } = useRecentImports();
  const current = useCatalogImport(currentId, started ?? undefined);
  const catalogImport = current.data;
  const problem = file ? importFileProblem(file) : null;
  // Queued for long: nothing runs jobs (no worker, no JOBS_AUTORUN, no cron on /api/jobs/run). The time of
  // the last poll stands for "now", so the hint appears without a timer of its own.
  const isWaitingForWorker =
    catalogImport?.status === "queued" &&
    current.dataUpdatedAt - Date.parse(catalogImport.createdAt) > QUEUED_TOO_LONG_MS;

  const start = async () => {
    if (!file || problem) return;
    setUploading(true);
    setUploadError(null);
    try {
      const answer = await startCatalogImport(api, file);
      setStarted(answer);
      setCurrentId(answer.id);
      remember({ id: answer.id, filename: answer.filename, createdAt: answer.createdAt });
      setFile(null);
    } catch (caught) {
      setUploadError(caught);
    } finally {
      setUploading(false);
    }
  };

  // The new entities show in the product list once the job has written them.
  const finishedId = catalogImport && isImportFinished(catalogImport.status) ? catalogImport.id : null;
  useEffect(() => {
    if (finishedId) void queryClient.invalidateQueries({ queryKey: ["catalog", "entities"] });
  }, [finishedId, queryClient]);

  if (!mayImport && !isLoadingPermissions)
    return (
      <>
        <PageHeader title="Import" description="Bulk import of products from CSV or NDJSON." />
        <Alert color="yellow" title="Not available to your role" styles={READABLE_ALERT_TITLE}>
          Importing needs the catalog:import permission.
        </Alert>
      </>
    );

  return (
    <>
      <PageHeader
        title="Import"
        description="Bulk import of products, variants, prices and stock from CSV or NDJSON."
        actions={
          <Button variant="default" onClick={downloadCsvTemplate}>
            Download CSV template
          </Button>
        }
      />
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <ImportFilePicker file={file} onChange={setFile} disabled={isUploading} />
            {problem ? (
              <Text size="sm" c="red" role="alert">
                {problem}
              </Text>
            ) : null}
            <Text size="sm" c="dimmed">
              Every line is checked as it arrives: refused lines write nothing and are listed with their reasons, the
              others are imported. Importing a file again updates what it imported before, by handle.
            </Text>
            <Group justify="flex-end" gap="sm">
              {isUploading ? (
                <Group gap="xs">
                  <Loader size="xs" />
                  <Text size="sm" c="dimmed">
                    Uploading and checking lines…
                  </Text>
                </Group>
              ) : null}
              <Button onClick={start} disabled={!file || Boolean(problem)} loading={isUploading}>
                Start import
              </Button>
            </Group>
            {uploadError ? <ErrorAlert error={uploadError} title="The file was not imported" /> : null}
          </Stack>
        </Paper>

        {current.error ? <ErrorAlert error={current.error} onRetry={() => void current.refetch()} /> : null}
        {catalogImport ? (
          <Stack gap="md">
            <ImportProgress catalogImport={catalogImport} />
            {isWaitingForWorker ? (
              <Text size="sm" c="dimmed" role="status">
                Still queued: imports are written by the job runner. If this lasts, check that a worker runs (pnpm
                worker, or JOBS_AUTORUN=true on the server).
              </Text>
            ) : null}
            <ImportResult catalogImport={catalogImport} />
          </Stack>
        ) : null}

        {recent.length > 0 ? (
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h5" mb="xs">
              Recent imports from this browser
            </Title>
            <Stack gap={4}>
              {recent.map((entry) => (
                <Group key={entry.id} justify="space-between" gap="xs" wrap="nowrap">
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => setCurrentId(entry.id)}
                    fw={entry.id === currentId ? 700 : undefined}
                    style={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
                  >
                    {entry.filename ?? entry.id}
                  </Anchor>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                    {new Date(entry.createdAt).toLocaleString()}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Paper>
        ) : null}
        <ColumnHelp />
      </Stack>
    </>
  );
}
