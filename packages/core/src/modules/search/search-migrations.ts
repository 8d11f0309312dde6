import type { NamedMigration } from "../../kernel/plugin.js";
import { runStatements } from "../catalog/catalog-migrations.js";

/** The PostgreSQL adapter's documents; created whichever adapter is configured, so switching needs no migration. */
const STATEMENTS = [
  `create table search_documents (
    organization_id text not null,
    entity_id uuid not null,
    type text not null,
    slug text not null,
    status text not null,
    title text,
    description text,
    category_ids text[] not null default '{}',
    brand_ids text[] not null default '{}',
    attributes jsonb not null default '{}',
    document tsvector not null,
    title_vector tsvector not null,
    updated_at timestamptz not null,
    primary key (organization_id, entity_id)
  )`,
  `create index search_documents_document_idx on search_documents using gin (document)`,
  `create index search_documents_title_idx on search_documents using gin (title_vector)`,
  `create index search_documents_attributes_idx on search_documents using gin (attributes)`,
  `create index search_documents_org_updated_idx on search_documents (organization_id, updated_at desc)`,
];

export const searchMigrations: readonly NamedMigration[] = [{ name: "0001_search_documents", up: (db) => runStatements(db, STATEMENTS) }];
