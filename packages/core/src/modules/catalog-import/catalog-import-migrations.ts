import type { NamedMigration } from "../../kernel/plugin.js";
import { runStatements } from "../../db/run-statements.js";

const STATEMENTS = [
  `create table catalog_imports (
    id uuid primary key,
    organization_id text not null,
    status text not null check (status in ('receiving', 'queued', 'running', 'completed', 'failed')),
    format text not null check (format in ('ndjson', 'csv')),
    filename text,
    rows_total integer not null default 0,
    rows_done integer not null default 0,
    created integer not null default 0,
    updated integer not null default 0,
    failed integer not null default 0,
    ignored_columns jsonb not null default '[]',
    actor jsonb,
    created_at timestamptz not null default now(),
    started_at timestamptz,
    finished_at timestamptz
  )`,
  `create index catalog_imports_org_created_idx on catalog_imports (organization_id, created_at desc)`,
  // Validated rows wait here between the upload and their batch; each batch deletes what it wrote.
  `create table catalog_import_rows (
    import_id uuid not null references catalog_imports (id) on delete cascade,
    organization_id text not null,
    line integer not null,
    entity jsonb not null,
    primary key (import_id, line)
  )`,
  // At most MAX_KEPT_ERRORS rows per import (the count is catalog_imports.failed).
  `create table catalog_import_errors (
    import_id uuid not null references catalog_imports (id) on delete cascade,
    organization_id text not null,
    line integer not null,
    reason text not null
  )`,
  `create index catalog_import_errors_import_idx on catalog_import_errors (import_id, line)`,
];

export const catalogImportMigrations: NamedMigration[] = [
  { name: "0001_catalog_imports", up: (db) => runStatements(db, STATEMENTS) },
];
