import type { NamedMigration } from "../../kernel/plugin.js";
import {
  generationBumpFunctionStatement,
  generationTableStatement,
  generationTriggerStatement,
} from "../../db/organization-generations.js";
import { runStatements } from "../../db/run-statements.js";

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

/**
 * `search_generations`: per organization, how many committed transactions changed its documents, so a
 * search answer cached under it is exact until it moves (`postgres-search-adapter.ts`; the mechanism is
 * `db/organization-generations.ts`).
 */
const GENERATIONS = [
  generationTableStatement("search_generations"),
  generationBumpFunctionStatement("search_documents_bump_generation", "search_generations"),
  generationTriggerStatement(
    "search_documents_bump_generation",
    "search_documents",
    "search_documents_bump_generation",
  ),
];

export const searchMigrations: readonly NamedMigration[] = [
  { name: "0001_search_documents", up: (db) => runStatements(db, STATEMENTS) },
  { name: "0002_search_generations", up: (db) => runStatements(db, GENERATIONS) },
  // Databases migrated before the bump function returned early after its first row in a transaction.
  {
    name: "0003_generation_bump_once",
    up: (db) =>
      runStatements(db, [generationBumpFunctionStatement("search_documents_bump_generation", "search_generations")]),
  },
];
