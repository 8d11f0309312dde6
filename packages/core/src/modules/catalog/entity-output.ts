import type { EntityRow } from "./catalog-context.js";

/** An entity as the API answers it, before includes add their keys. */
export interface CatalogEntity {
  id: string;
  type: string;
  slug: string;
  status: EntityRow["status"];
  source: EntityRow["source"];
  sourceStoreId: string | null;
  metadata: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  [include: string]: unknown;
}

export function toEntity(row: EntityRow): CatalogEntity {
  return {
    id: row.id,
    type: row.type,
    slug: row.slug,
    status: row.status,
    source: row.source,
    sourceStoreId: row.sourceStoreId,
    metadata: row.metadata,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
