import { Anchor, Box, Breadcrumbs, Code, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { PageHeader } from "../../../components/page-header.js";
import { type Product, productTitle } from "./product-query.js";

/** Props of {@link ProductSubPageHeader}. */
export interface ProductSubPageHeaderProps {
  /** "Variants", "Media". */
  section: string;
  product: Product;
  actions?: ReactNode;
}

/**
 * The top of a product's sub-page: which product it is (title and slug, as the editor names it) and the
 * way back to the product editor, which links here.
 */
export function ProductSubPageHeader({ section, product, actions }: ProductSubPageHeaderProps) {
  const title = productTitle(product);
  return (
    <>
      <Box component="nav" aria-label="Breadcrumb" mb="xs">
        <Breadcrumbs>
          <Anchor component={Link} to="/catalog/products" size="sm">
            Products
          </Anchor>
          <Anchor component={Link} to={`/catalog/products/${product.id}`} size="sm">
            {title}
          </Anchor>
          <Text size="sm" aria-current="page">
            {section}
          </Text>
        </Breadcrumbs>
      </Box>
      <PageHeader
        title={`${section}: ${title}`}
        description={
          <>
            Slug <Code>{product.slug}</Code> ·{" "}
            <Anchor component={Link} to={`/catalog/products/${product.id}`} size="sm">
              Back to the product
            </Anchor>
          </>
        }
        {...(actions ? { actions } : {})}
      />
    </>
  );
}
