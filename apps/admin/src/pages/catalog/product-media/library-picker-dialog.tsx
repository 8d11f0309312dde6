import { Button, Group, Modal, Pagination, Stack, Text, VisuallyHidden } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { newIdempotencyKey, type ResponseData } from "@unified-commerce/client";
import { useEffect, useRef, useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { type DataColumn, DataTable } from "../../../components/data-table.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import type { ListPagination } from "../../../components/use-cursor-list.js";
import { notify } from "../notify.js";
import { MediaThumbnail } from "./media-thumbnail.js";

/** A file of the media library, as `GET /api/media` lists it. */
export type LibraryAsset = ResponseData<"/api/media", "get">[number];

const PAGE_SIZE = 10;

/** Props of {@link LibraryPickerDialog}. */
export interface LibraryPickerDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Where a chosen file goes, in words ("the product", "variant Size: S"). */
  targetLabel: string;
  /** Files already attached there: the server takes a file once per level (409), so they cannot be chosen. */
  attachedAssetIds: ReadonlySet<string>;
  /** Attaches the file (`POST /api/media/attach`); the key is one per file and opening of the dialog. */
  onAttach: (asset: LibraryAsset, idempotencyKey: string) => Promise<unknown>;
}

/**
 * "Choose from library": the organization's uploaded files (the media library, newest first, paged), each
 * attachable to the product or the variant chosen on the page. It stays open, so several files can be
 * attached in a row.
 */
export function LibraryPickerDialog({
  opened,
  onClose,
  targetLabel,
  attachedAssetIds,
  onAttach,
}: LibraryPickerDialogProps) {
  const api = useApi();
  const [page, setPage] = useState(1);
  const [attaching, setAttaching] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  // One key per file and opening: a double click retries the same attach instead of making a second one.
  const keys = useRef(new Map<string, string>());
  useEffect(() => {
    if (!opened) return;
    keys.current = new Map();
    setError(null);
  }, [opened]);
  const assets = useQuery({
    queryKey: ["media", "assets", { page, limit: PAGE_SIZE }],
    enabled: opened,
    placeholderData: keepPreviousData,
    queryFn: () => api.get("/api/media", { query: { page, limit: PAGE_SIZE } }),
  });
  // The route answers `meta.pagination` (paginate()); the OpenAPI document types `meta` loosely.
  const totalPages = (assets.data?.meta as { pagination?: ListPagination } | undefined)?.pagination?.totalPages ?? 1;

  const attach = async (asset: LibraryAsset) => {
    const key = keys.current.get(asset.id) ?? newIdempotencyKey();
    keys.current.set(asset.id, key);
    setAttaching(asset.id);
    setError(null);
    try {
      await onAttach(asset, key);
      notify(`${asset.filename ?? "The file"} attached to ${targetLabel}.`);
    } catch (caught) {
      setError(caught);
    } finally {
      setAttaching(null);
    }
  };

  const columns: DataColumn<LibraryAsset>[] = [
    {
      key: "preview",
      header: "Preview",
      isHiddenOnPhone: true,
      render: (asset) => <MediaThumbnail assetId={asset.id} mimeType={asset.mimeType} alt={asset.alt} size={48} />,
    },
    {
      key: "file",
      header: "File",
      render: (asset) => (
        <Stack gap={2}>
          <Text size="sm" fw={500} style={{ wordBreak: "break-all" }}>
            {asset.filename ?? asset.id}
          </Text>
          <Text size="xs" c="dimmed">
            {asset.alt ?? asset.mimeType}
          </Text>
        </Stack>
      ),
    },
    {
      key: "action",
      header: <VisuallyHidden>Action</VisuallyHidden>,
      isNumeric: true,
      render: (asset) =>
        attachedAssetIds.has(asset.id) ? (
          <Text size="sm" c="dimmed">
            Attached
          </Text>
        ) : (
          <Button
            size="xs"
            loading={attaching === asset.id}
            disabled={attaching !== null && attaching !== asset.id}
            onClick={() => void attach(asset)}
            aria-label={`Attach ${asset.filename ?? asset.id}`}
          >
            Attach
          </Button>
        ),
    },
  ];

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Choose from library"
      size="lg"
      closeButtonProps={{ "aria-label": "Close the library" }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Attach files already uploaded to {targetLabel}.
        </Text>
        {error ? <ErrorAlert error={error} /> : null}
        <DataTable
          caption="Media library"
          columns={columns}
          rows={assets.data?.data ?? []}
          getRowKey={(asset) => asset.id}
          isLoading={assets.isLoading}
          error={assets.error}
          onRetry={() => void assets.refetch()}
          empty={<Text c="dimmed">The library is empty: upload a file first.</Text>}
          // Name and button fit a phone once the preview is hidden there.
          minWidth={280}
        />
        <Group justify="space-between">
          {totalPages > 1 ? (
            <Pagination
              total={totalPages}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({ "aria-label": `${control} page` })}
            />
          ) : (
            <span />
          )}
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
