import { Center, Loader, Stack, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { ErrorAlert } from "./error-alert.js";

/** One column of a {@link DataTable}. */
export interface DataColumn<T> {
  /** Stable id of the column (React key). */
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** Hidden on a phone-sized screen (below Mantine's `sm`). @default false */
  isHiddenOnPhone?: boolean;
  /** Right-aligned (amounts, counts, row actions). @default false */
  isNumeric?: boolean;
}

/** Props of {@link DataTable}. */
export interface DataTableProps<T> {
  columns: DataColumn<T>[];
  rows: T[];
  getRowKey: (row: T) => string;
  /** Says what the table lists, for screen readers. */
  caption: string;
  isLoading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** What to show when there is no row (a sentence, or a sentence with a "create" button). */
  empty?: ReactNode;
  /** Under the table: a {@link CursorPager}, bulk actions. */
  footer?: ReactNode;
  onRowClick?: (row: T) => void;
  /**
   * Below this width (px) the table scrolls sideways instead of squeezing; a table whose phone columns
   * fit a phone sets less, so nothing is cut off at the edge. @default 480
   */
  minWidth?: number;
}

/**
 * A list of records with its three other states: loading, empty and error (message, request id, retry).
 * Scrolls sideways on a phone instead of squeezing columns; columns can be hidden there.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    columns,
    rows,
    getRowKey,
    caption,
    isLoading,
    error,
    onRetry,
    empty,
    footer,
    onRowClick,
    minWidth = 480,
  } = props;
  if (error) return <ErrorAlert error={error} {...(onRetry ? { onRetry } : {})} />;
  if (isLoading)
    return (
      <Center py="xl" aria-busy="true">
        <Loader size="sm" aria-label={`Loading ${caption.toLowerCase()}`} />
      </Center>
    );
  if (rows.length === 0)
    return (
      <Stack align="center" py="xl" gap="xs">
        {empty ?? <Text c="dimmed">Nothing here yet.</Text>}
      </Stack>
    );
  const visibility = (column: DataColumn<T>) => (column.isHiddenOnPhone ? { visibleFrom: "sm" } : {});
  return (
    <>
      {/* A table wider than a phone scrolls sideways: its region takes the focus, so a keyboard can scroll it. */}
      <Table.ScrollContainer
        minWidth={minWidth}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: "region", "aria-label": caption } }}
      >
        <Table striped highlightOnHover={Boolean(onRowClick)} verticalSpacing="sm" aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} ta={column.isNumeric ? "right" : undefined} {...visibility(column)}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={getRowKey(row)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                style={onRowClick ? { cursor: "pointer" } : undefined}
              >
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={column.isNumeric ? "right" : undefined} {...visibility(column)}>
                    {column.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {footer}
    </>
  );
}
