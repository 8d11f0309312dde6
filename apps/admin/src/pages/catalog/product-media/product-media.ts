import type { Product } from "../product-variants/product-query.js";

/** One attachment of a product's `media` include (the media module adds it; the entity's type does not list it). */
export interface ProductMedia {
  id: string;
  mediaAssetId: string;
  variantId: string | null;
  role: string;
  sortOrder: number;
  mimeType: string;
  alt: string | null;
}

function isProductMedia(value: unknown): value is ProductMedia {
  if (typeof value !== "object" || value === null) return false;
  const row = value as Record<string, unknown>;
  return (
    typeof row.id === "string" &&
    typeof row.mediaAssetId === "string" &&
    (row.variantId === null || typeof row.variantId === "string") &&
    typeof row.sortOrder === "number" &&
    typeof row.mimeType === "string" &&
    (row.alt === null || typeof row.alt === "string")
  );
}

/** The product's attachments, in the server's order (sortOrder, then age). */
export function productMediaOf(product: Product): ProductMedia[] {
  const media: unknown = product.media;
  return Array.isArray(media) ? media.filter(isProductMedia) : [];
}

/** The attachment role for a file type: pictures and videos are public roles, a PDF stays private. */
export function roleFor(mimeType: string): string {
  if (mimeType.startsWith("image/")) return "image";
  if (mimeType.startsWith("video/")) return "video";
  return "document";
}

/** `ids` with the one at `index` moved by `offset` (-1 up, +1 down); unchanged at either end. */
export function moved<T>(items: readonly T[], index: number, offset: -1 | 1): T[] {
  const target = index + offset;
  if (index < 0 || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}
