import { useParams } from "@tanstack/react-router";
import { Center, Loader, SimpleGrid, Stack } from "@mantine/core";
import { Can } from "../../../auth/can.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { OptionAxesSection } from "./option-axes-section.js";
import { useProduct } from "./product-query.js";
import { ProductSubPageHeader } from "./product-sub-page-header.js";
import { QuickVariantForm } from "./quick-variant-form.js";
import { VariantMatrixSection } from "./variant-matrix-section.js";
import { VariantPanels } from "./variant-panels.js";

/** `/catalog/products/$id/variants`: a product's option axes, variant matrix, and each variant's prices and stock. */
/** The page's route: the product id from the path. */
export function ProductVariantsRoute() {
  return <ProductVariantsPage productId={useParams({ from: "/signed-in/catalog/products/$id/variants" }).id} />;
}

export function ProductVariantsPage({ productId }: { productId: string }) {
  const product = useProduct(productId);
  if (product.error) return <ErrorAlert error={product.error} onRetry={() => void product.refetch()} />;
  if (!product.data)
    return (
      <Center py="xl" aria-busy="true">
        <Loader size="sm" aria-label="Loading the product" />
      </Center>
    );
  const optionTypes = product.data.optionTypes ?? [];
  const variants = product.data.variants ?? [];
  return (
    <Stack gap="md">
      <ProductSubPageHeader section="Variants" product={product.data} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <OptionAxesSection productId={productId} optionTypes={optionTypes} />
        <VariantMatrixSection productId={productId} optionTypes={optionTypes} variants={variants} />
      </SimpleGrid>
      <Can permission="catalog:update">
        <QuickVariantForm productId={productId} optionTypes={optionTypes} />
      </Can>
      <VariantPanels productId={productId} variants={variants} />
    </Stack>
  );
}
