import { Button, Card, Group, Modal, Pagination, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ResponseData } from "@unified-commerce/client";
import { useState } from "react";
import { useApi } from "../../api/api-context.js";
import { usePermissions } from "../../auth/use-permissions.js";
import { ConfirmDialog } from "../../components/confirm-dialog.js";
import { type DataColumn, DataTable } from "../../components/data-table.js";
import type { ListPagination } from "../../components/use-cursor-list.js";
import { PageHeader } from "../../components/page-header.js";
import { AltTextForm } from "./product-media/alt-text-form.js";
import { MediaThumbnail } from "./product-media/media-thumbnail.js";
import { MediaUploadZone } from "./product-media/media-upload-zone.js";

type MediaAsset = ResponseData<"/api/media", "get">[number];

const PAGE_SIZE = 20;
const LIBRARY_KEY = ["media", "assets"] as const;

/** 1536 as "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** `/catalog/media`: the media library, every uploaded file (attached or not), its alt text, and deletion. */
export function MediaPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const canWrite = can("media:write");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<MediaAsset | null>(null);
  const [deleting, setDeleting] = useState<MediaAsset | null>(null);
  const assets = useQuery({
    queryKey: [...LIBRARY_KEY, { page }],
    // The library lists private files too, so the API opens it to media:write only.
    enabled: canWrite,
    placeholderData: keepPreviousData,
    queryFn: () => api.get("/api/media", { query: { page, limit: PAGE_SIZE } }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: LIBRARY_KEY });
  // The route answers `meta.pagination` (paginate()); the OpenAPI document types `meta` loosely.
  const pagination = (assets.data?.meta as { pagination?: ListPagination } | undefined)?.pagination;
  const totalPages = pagination?.totalPages ?? 1;

  const columns: DataColumn<MediaAsset>[] = [
    {
      key: "preview",
      header: "Preview",
      render: (asset) => <MediaThumbnail assetId={asset.id} mimeType={asset.mimeType} alt={asset.alt} size={56} />,
    },
    {
      key: "file",
      header: "File",
      render: (asset) => (
        <Stack gap={2}>
          <Text size="sm" fw={500} style={{ wordBreak: "break-all" }}>
            {asset.filename ?? asset.id}
          </Text>
          <Text size="xs" c={asset.alt ? "dimmed" : "orange.9"}>
            {asset.alt ?? "No alt text"}
          </Text>
        </Stack>
      ),
    },
    {
      key: "type",
      header: "Type",
      isHiddenOnPhone: true,
      render: (asset) => `${asset.mimeType} · ${formatBytes(asset.sizeBytes)}`,
    },
    {
      key: "created",
      header: "Uploaded",
      isHiddenOnPhone: true,
      render: (asset) => new Date(asset.createdAt).toLocaleDateString(),
    },
    {
      key: "actions",
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      isNumeric: true,
      render: (asset) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            onClick={() => setEditing(asset)}
            aria-label={`Edit alt text of ${asset.filename ?? asset.id}`}
          >
            Alt text
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => setDeleting(asset)}
            aria-label={`Delete ${asset.filename ?? asset.id}`}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Media" description="Images and files, with their alt text." />
      {!canWrite ? (
        <Text c="dimmed">Your role cannot open the media library: it needs media:write.</Text>
      ) : (
        <Stack gap="md">
          <Card withBorder padding="md" component="section" aria-labelledby="library-upload-title">
            <Title order={2} size="h4" id="library-upload-title" mb="sm">
              Upload
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Files uploaded here are not attached yet: attach them from a product's Media page.
            </Text>
            <MediaUploadZone onUploaded={refresh} />
          </Card>
          <DataTable
            caption="Media files"
            columns={columns}
            rows={assets.data?.data ?? []}
            getRowKey={(asset) => asset.id}
            isLoading={assets.isLoading}
            error={assets.error}
            onRetry={() => void assets.refetch()}
            empty={<Text c="dimmed">No file yet: upload one above.</Text>}
            footer={
              totalPages > 1 ? (
                <Group justify="center" mt="md">
                  <Pagination
                    total={totalPages}
                    value={page}
                    onChange={setPage}
                    getControlProps={(control) => ({ "aria-label": `${control} page` })}
                  />
                </Group>
              ) : null
            }
          />
        </Stack>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title="Alt text" centered>
        {editing ? (
          <AltTextForm
            assetId={editing.id}
            alt={editing.alt}
            label={editing.filename ?? editing.id}
            onSaved={async () => {
              await refresh();
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await api.delete("/api/media/{id}", { params: { id: deleting.id } });
          await refresh();
        }}
        title="Delete the file?"
        message={`${deleting?.filename ?? "The file"} is deleted, and removed from every product and variant that shows it. This cannot be undone.`}
        confirmLabel="Delete file"
      />
    </>
  );
}
