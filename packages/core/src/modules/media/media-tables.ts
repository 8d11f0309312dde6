import type { z } from "zod";
import type { Timestamp } from "../../db/core-tables.js";
import type { TableOf } from "../../db/table-of.js";
import type { mediaAssetSchema, mediaAttachmentSchema, mediaOriginSchema } from "./media-schemas.js";

/** Who produced an asset: a merchant's upload, a generator (AI, renderer) or an import. */
export type MediaOrigin = z.output<typeof mediaOriginSchema>;

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type MediaTables = {
  mediaAssets: TableOf<
    z.output<typeof mediaAssetSchema>,
    { organizationId: string; storageKey: string; createdAt: Timestamp }
  >;
  mediaAttachments: TableOf<z.output<typeof mediaAttachmentSchema>, { organizationId: string; createdAt: Timestamp }>;
};
