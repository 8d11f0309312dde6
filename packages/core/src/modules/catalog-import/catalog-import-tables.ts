import type { Generated, Kysely, Transaction } from "kysely";
import type { CoreTables, Json, Timestamp } from "../../db/core-tables.js";
import { tenantScope, type TenantScope } from "../../db/tenant-scope.js";
import type { Actor } from "../../kernel/actor.js";
import type { ImportEntity } from "./catalog-import-schemas.js";

// Type aliases, not interfaces: `withTables` needs types with an implicit index signature.
export type CatalogImportTables = {
  catalogImports: {
    id: string;
    organizationId: string;
    status: "receiving" | "queued" | "running" | "completed" | "failed";
    format: "ndjson" | "csv";
    filename: string | null;
    rowsTotal: Generated<number>;
    rowsDone: Generated<number>;
    created: Generated<number>;
    updated: Generated<number>;
    failed: Generated<number>;
    ignoredColumns: Json<string[]>;
    /** Who started the import: its batches write under this actor (audit, `catalog:sync` checks). */
    actor: Json<Actor> | null;
    createdAt: Timestamp;
    startedAt: Timestamp | null;
    finishedAt: Timestamp | null;
  };
  catalogImportRows: { importId: string; organizationId: string; line: number; entity: Json<ImportEntity> };
  catalogImportErrors: { importId: string; organizationId: string; line: number; reason: string };
};

export type CatalogImportDb = CoreTables & CatalogImportTables;

export function importScope(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
): TenantScope<CatalogImportDb> {
  return tenantScope(db.withTables<CatalogImportTables>(), organizationId);
}

/** Refused rows kept per import for `GET /api/catalog/import/:id`; `failed` counts them all. */
export const MAX_KEPT_ERRORS = 1_000;
