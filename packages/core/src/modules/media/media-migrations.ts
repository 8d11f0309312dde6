import type { NamedMigration } from "../../kernel/plugin.js";
import { runStatements } from "../../db/run-statements.js";

const STATEMENTS = [
  `create table media_assets (
    id uuid primary key,
    organization_id text not null,
    storage_key text not null unique,
    filename text,
    mime_type text not null,
    size_bytes integer not null,
    alt text,
    origin text not null default 'merchant' check (origin in ('merchant', 'generated', 'imported')),
    confidence real check (confidence between 0 and 1),
    derived_from_asset_id uuid references media_assets (id) on delete set null,
    created_by text,
    created_at timestamptz not null default now()
  )`,
  // entity_id and variant_id name catalog rows without a foreign key (modules do not share tables);
  // the catalog.delete subscriber removes the attachments of a deleted entity.
  `create table media_attachments (
    id uuid primary key,
    organization_id text not null,
    media_asset_id uuid not null references media_assets (id) on delete cascade,
    entity_id uuid not null,
    variant_id uuid,
    role text not null,
    sort_order integer not null default 0,
    created_at timestamptz not null default now(),
    constraint media_attachments_level_unique unique nulls not distinct (media_asset_id, entity_id, variant_id)
  )`,
  `create index media_attachments_entity_idx on media_attachments (organization_id, entity_id)`,
];

export const mediaMigrations: readonly NamedMigration[] = [
  { name: "0001_media", up: (db) => runStatements(db, STATEMENTS) },
];
