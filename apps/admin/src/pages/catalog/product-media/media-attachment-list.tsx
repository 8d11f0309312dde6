import { ActionIcon, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { usePermissions } from "../../../auth/use-permissions.js";
import { ConfirmDialog } from "../../../components/confirm-dialog.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { AltTextForm } from "./alt-text-form.js";
import { MediaThumbnail } from "./media-thumbnail.js";
import { moved, type ProductMedia } from "./product-media.js";

/** Props of {@link MediaAttachmentList}. */
export interface MediaAttachmentListProps {
  /** "Product", or the variant's label. */
  title: string;
  productId: string;
  variantId: string | null;
  /** This level's attachments, in order. */
  items: ProductMedia[];
  /** Refetches the product after a change. */
  onChanged: () => Promise<unknown>;
}

type Removal = { kind: "detach" | "delete"; item: ProductMedia; position: number };

/**
 * The pictures of the product or of one variant, in the order the storefront shows them: move one up or
 * down (buttons, so the keyboard can), edit its alt text, detach it, or delete the file everywhere.
 */
export function MediaAttachmentList({ title, productId, variantId, items, onChanged }: MediaAttachmentListProps) {
  const api = useApi();
  const { can } = usePermissions();
  const canWrite = can("media:write");
  const [removal, setRemoval] = useState<Removal | null>(null);
  const reorder = useMutation({
    mutationFn: (attachmentIds: string[]) =>
      api.post("/api/media/attachments/order", { body: { entityId: productId, variantId, attachmentIds } }),
    onSuccess: onChanged,
  });
  const move = (index: number, offset: -1 | 1) => reorder.mutate(moved(items, index, offset).map((item) => item.id));

  const remove = async () => {
    if (!removal) return;
    if (removal.kind === "detach") await api.delete("/api/media/attachments/{id}", { params: { id: removal.item.id } });
    else await api.delete("/api/media/{id}", { params: { id: removal.item.mediaAssetId } });
    await onChanged();
  };

  return (
    <Card withBorder padding="md" component="section" aria-label={`Media of ${title}`}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No media yet.
        </Text>
      ) : (
        <Stack gap="md" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {items.map((item, index) => {
            const label = `picture ${index + 1}${item.alt ? ` (${item.alt})` : ""}`;
            return (
              <li key={item.id}>
                <Group align="flex-start" gap="sm" wrap="nowrap">
                  <MediaThumbnail assetId={item.mediaAssetId} mimeType={item.mimeType} alt={item.alt} />
                  <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={500}>
                      {index + 1}.{" "}
                      {item.alt ?? (
                        <Text span c="orange.9" size="sm">
                          No alt text
                        </Text>
                      )}
                    </Text>
                    {canWrite ? (
                      <>
                        <AltTextForm
                          key={`${item.mediaAssetId}:${item.alt ?? ""}`}
                          assetId={item.mediaAssetId}
                          alt={item.alt}
                          label={label}
                          onSaved={onChanged}
                        />
                        <Group gap="xs" wrap="wrap">
                          <ActionIcon
                            variant="default"
                            size="lg"
                            aria-label={`Move ${label} up`}
                            disabled={index === 0 || reorder.isPending}
                            onClick={() => move(index, -1)}
                          >
                            ↑
                          </ActionIcon>
                          <ActionIcon
                            variant="default"
                            size="lg"
                            aria-label={`Move ${label} down`}
                            disabled={index === items.length - 1 || reorder.isPending}
                            onClick={() => move(index, 1)}
                          >
                            ↓
                          </ActionIcon>
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setRemoval({ kind: "detach", item, position: index + 1 })}
                          >
                            Detach
                          </Button>
                          <Button
                            size="xs"
                            color="red"
                            variant="light"
                            onClick={() => setRemoval({ kind: "delete", item, position: index + 1 })}
                          >
                            Delete file
                          </Button>
                        </Group>
                      </>
                    ) : null}
                  </Stack>
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
      {reorder.error ? <ErrorAlert error={reorder.error} title="The order was not saved" /> : null}
      <ConfirmDialog
        opened={removal !== null}
        onClose={() => setRemoval(null)}
        onConfirm={remove}
        title={removal?.kind === "delete" ? "Delete the file?" : "Detach the picture?"}
        message={
          removal?.kind === "delete"
            ? `Picture ${removal.position} is deleted from the library and from every product and variant that shows it. This cannot be undone.`
            : `Picture ${removal?.position ?? ""} no longer shows on ${title}. The file stays in the media library.`
        }
        confirmLabel={removal?.kind === "delete" ? "Delete file" : "Detach"}
      />
    </Card>
  );
}
