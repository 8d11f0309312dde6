import type { z } from "zod";
import type { EntityRow } from "./catalog-context.js";
import type { entitySchema } from "./catalog-schemas.js";

/** An entity as the API answers it; includes add their keys. */
export type CatalogEntity = z.output<typeof entitySchema>;

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
