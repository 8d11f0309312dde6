import { useParams } from "@tanstack/react-router";
import { Card, Center, Loader, Select, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { Can } from "../../../auth/can.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { productQueryKey, useProduct, variantLabel } from "../product-variants/product-query.js";
import { ProductSubPageHeader } from "../product-variants/product-sub-page-header.js";
import { MediaAttachmentList } from "./media-attachment-list.js";
import { type UploadedAsset, MediaUploadZone } from "./media-upload-zone.js";
import { productMediaOf, roleFor } from "./product-media.js";

/** The Select's value for "the product itself" (variant ids are UUIDs, so it never collides). */
const PRODUCT_LEVEL = "product";

/** `/catalog/products/$id/media`: upload pictures to the product or one variant, order them, alt texts. */
/** The page's route: the product id from the path. */
export function ProductMediaRoute() {
  return <ProductMediaPage productId={useParams({ from: "/signed-in/catalog/products/$id/media" }).id} />;
}

export function ProductMediaPage({ productId }: { productId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const product = useProduct(productId);
  const [target, setTarget] = useState<string>(PRODUCT_LEVEL);
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

  const attach = async (asset: UploadedAsset) => {
    const variantId = target === PRODUCT_LEVEL ? null : target;
    const level = levelOf(variantId);
    await api.post("/api/media/attach", {
      body: {
        entityId: productId,
        mediaAssetId: asset.id,
        role: roleFor(asset.mimeType),
        variantId,
        // Last in its level's order.
        sortOrder: level.reduce((last, item) => Math.max(last, item.sortOrder + 1), 0),
      },
    });
    await refresh();
  };

  return (
    <Stack gap="md">
      <ProductSubPageHeader section="Media" product={product.data} />
      <Can permission="media:write">
        <Card withBorder padding="md" component="section" aria-labelledby="upload-title">
          <Title order={2} size="h4" id="upload-title" mb="sm">
            Upload
          </Title>
          <MediaUploadZone onUploaded={attach}>
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
