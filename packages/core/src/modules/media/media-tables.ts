import type { CoreTables, Timestamp } from "../../db/core-tables.js";

/** Who produced an asset: a merchant's upload, a generator (AI, renderer) or an import. */
export type MediaOrigin = "merchant" | "generated" | "imported";

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type MediaTables = {
  mediaAssets: {
    id: string;
    organizationId: string;
    storageKey: string;
    filename: string | null;
    mimeType: string;
    sizeBytes: number;
    alt: string | null;
    origin: MediaOrigin;
    confidence: number | null;
    derivedFromAssetId: string | null;
    createdBy: string | null;
    createdAt: Timestamp;
  };
  mediaAttachments: {
    id: string;
    organizationId: string;
    mediaAssetId: string;
    entityId: string;
    variantId: string | null;
    role: string;
    sortOrder: number;
    createdAt: Timestamp;
  };
};

export type MediaDb = CoreTables & MediaTables;
