import { useParams } from "@tanstack/react-router";
import { Button, Card, Center, Group, Loader, Select, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { Can } from "../../../auth/can.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { productQueryKey, useProduct, variantLabel } from "../product-variants/product-query.js";
import { ProductSubPageHeader } from "../product-variants/product-sub-page-header.js";
import { LibraryPickerDialog } from "./library-picker-dialog.js";
import { MediaAttachmentList } from "./media-attachment-list.js";
import { type UploadedAsset, MediaUploadZone } from "./media-upload-zone.js";
import { productMediaOf, roleFor } from "./product-media.js";

/** The Select's value for "the product itself" (variant ids are UUIDs, so it never collides). */
const PRODUCT_LEVEL = "product";

/** The page's route: the product id from the path. */
export function ProductMediaRoute() {
  return <ProductMediaPage productId={useParams({ from: "/signed-in/catalog/products/$id/media" }).id} />;
}

/**
 * `/catalog/products/$id/media`: upload pictures to the product or one variant, or attach files already
 * in the library; order them, alt texts.
 */
export function ProductMediaPage({ productId }: { productId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const product = useProduct(productId);
  const [target, setTarget] = useState<string>(PRODUCT_LEVEL);
  const [isLibraryOpen, setLibraryOpen] = useState(false);
  if (product.error) return <ErrorAlert error={product.error} onRetry={() => void product.refetch()} />;
  if (!product.data)
    return (
      <Center py="xl" aria-busy="true">
        <Loader size="sm" aria-label="Loading the product" />
      </Center>
    );
  const variants = product.data.variants ?? [];
  const media = productMediaOf(product.data);
  const levelOf = (variantId: string | null) => media.filter((item) => item.variantId === variantId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: productQueryKey(productId) });

  const targetVariantId = target === PRODUCT_LEVEL ? null : target;
  const targetVariant = variants.find((variant) => variant.id === targetVariantId);
  const targetLabel = targetVariant ? `variant ${variantLabel(targetVariant)}` : "the product";

  /** Attaches an uploaded or chosen file to the level chosen under "Attach to", last in its order. */
  const attach = async (asset: Pick<UploadedAsset, "id" | "mimeType">, idempotencyKey?: string) => {
    const level = levelOf(targetVariantId);
    await api.post("/api/media/attach", {
      body: {
        entityId: productId,
        mediaAssetId: asset.id,
        role: roleFor(asset.mimeType),
        variantId: targetVariantId,
        sortOrder: level.reduce((last, item) => Math.max(last, item.sortOrder + 1), 0),
      },
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
    await refresh();
  };

  return (
    <Stack gap="md">
      <ProductSubPageHeader section="Media" product={product.data} />
      <Can permission="media:write">
        <Card withBorder padding="md" component="section" aria-labelledby="upload-title">
          <Group justify="space-between" mb="sm" gap="xs">
            <Title order={2} size="h4" id="upload-title">
              Add media
            </Title>
            <Button variant="default" size="sm" onClick={() => setLibraryOpen(true)}>
              Choose from library
            </Button>
          </Group>
          <MediaUploadZone onUploaded={(asset) => attach(asset)}>
            <Select
              label="Attach to"
              data={[
                { value: PRODUCT_LEVEL, label: "The product (every variant)" },
                ...variants.map((variant) => ({
                  value: variant.id,
                  label: `Variant ${variantLabel(variant)}${variant.sku ? ` (${variant.sku})` : ""}`,
                })),
              ]}
              value={target}
              onChange={(value) => setTarget(value ?? PRODUCT_LEVEL)}
              allowDeselect={false}
            />
          </MediaUploadZone>
          <LibraryPickerDialog
            opened={isLibraryOpen}
            onClose={() => setLibraryOpen(false)}
            targetLabel={targetLabel}
            attachedAssetIds={new Set(levelOf(targetVariantId).map((item) => item.mediaAssetId))}
            onAttach={(asset, idempotencyKey) => attach(asset, idempotencyKey)}
          />
        </Card>
      </Can>
      <MediaAttachmentList
        title="Product"
        productId={productId}
        variantId={null}
        items={levelOf(null)}
        onChanged={refresh}
      />
      {variants.map((variant) => {
        const items = levelOf(variant.id);
        return items.length === 0 ? null : (
          <MediaAttachmentList
            key={variant.id}
            title={`Variant ${variantLabel(variant)}`}
            productId={productId}
            variantId={variant.id}
            items={items}
            onChanged={refresh}
          />
        );
      })}
      {variants.length > 0 && variants.every((variant) => levelOf(variant.id).length === 0) ? (
        <Text size="sm" c="dimmed">
          No variant has pictures of its own: choose one under "Attach to" before uploading.
        </Text>
      ) : null}
    </Stack>
  );
}
