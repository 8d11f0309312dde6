import { Code, Group, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { CursorPager } from "../../../components/cursor-pager.js";
import { type DataColumn, DataTable } from "../../../components/data-table.js";
import { type ImportIssue, importIssues } from "./import-issues.js";
import type { CatalogImport } from "./start-catalog-import.js";

/** Props of {@link ImportErrorTable}. */
export interface ImportErrorTableProps {
  /** The import's refused rows (the first 1,000). */
  errors: CatalogImport["errors"];
  /** Every refused row (`failed`), to say when more were refused than listed. */
  failed: number;
  /** @default 50 */
  pageSize?: number;
}

const columns: DataColumn<ImportIssue & { key: string }>[] = [
  { key: "line", header: "Line", isNumeric: true, render: (issue) => issue.line },
  {
    key: "field",
    header: "Field",
    render: (issue) =>
      issue.field ? (
        <Code>{issue.field}</Code>
      ) : (
        <Text size="sm" c="dimmed">
          whole line
        </Text>
      ),
  },
  { key: "message", header: "Problem", render: (issue) => issue.message },
];

/** The rows an import refused, one problem per table row (line, field, message), a page at a time. */
export function ImportErrorTable({ errors, failed, pageSize = 50 }: ImportErrorTableProps) {
  const [page, setPage] = useState(1);
  const issues = useMemo(
    () => importIssues(errors).map((issue, index) => ({ ...issue, key: `${issue.line}-${index}` })),
    [errors],
  );
  const pageCount = Math.max(1, Math.ceil(issues.length / pageSize));
  const shown = issues.slice((page - 1) * pageSize, page * pageSize);
  return (
    <>
      <DataTable
        minWidth={320}
        caption="Refused lines"
        columns={columns}
        rows={shown}
        getRowKey={(issue) => issue.key}
        empty={<Text c="dimmed">No line was refused.</Text>}
        footer={
          <CursorPager
            pager={{
              pageNumber: page,
              hasPrevious: page > 1,
              hasNext: page < pageCount,
              previous: () => setPage(page - 1),
              next: () => setPage(page + 1),
            }}
            total={issues.length}
          />
        }
      />
      {failed > errors.length ? (
        <Group mt="xs">
          <Text size="sm" c="dimmed">
            {failed} lines were refused; the first {errors.length} are listed.
          </Text>
        </Group>
      ) : null}
    </>
  );
}
