import type { ColumnType, RawBuilder } from "kysely";
import type { CoreTables, Json, Timestamp } from "../../db/core-tables.js";

// Type alias, not an interface: `withTables` needs a type with an implicit index signature.
export type SearchTables = {
  searchDocuments: {
    organizationId: string;
    entityId: string;
    type: string;
    slug: string;
    status: string;
    title: string | null;
    description: string | null;
    categoryIds: string[];
    brandIds: string[];
    attributes: Json<Record<string, string[]>>;
    /** Written with SQL expressions (to_tsvector), never selected. */
    document: ColumnType<string, RawBuilder<string>, RawBuilder<string>>;
    titleVector: ColumnType<string, RawBuilder<string>, RawBuilder<string>>;
    updatedAt: Timestamp;
  };
};

export type SearchDb = CoreTables & SearchTables;
