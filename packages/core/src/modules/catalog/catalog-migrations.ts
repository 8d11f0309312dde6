import { runStatements } from "../../db/run-statements.js";
import type { NamedMigration } from "../../kernel/plugin.js";
import { ENTITY_COUNT_STATEMENTS, PLANNED_COUNT_FUNCTIONS, plannedOnEachRun } from "./entity-counts.js";
import { ENTITY_LIST_INDEXES } from "./entity-listing.js";
import { LIST_GENERATION_STATEMENTS } from "./page-anchors.js";

const ENTITIES = [
  `create table catalog_entities (
    id uuid primary key,
    organization_id text not null,
    type text not null,
    slug text not null,
    status text not null check (status in ('draft', 'active', 'archived', 'discontinued')),
    source text not null default 'platform' check (source in ('platform', 'store')),
    source_store_id text,
    metadata jsonb not null default '{}',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (organization_id, slug)
  )`,
  `create index catalog_entities_org_created_idx on catalog_entities (organization_id, created_at desc, id)`,
  `create index catalog_entities_org_type_status_idx on catalog_entities (organization_id, type, status)`,
  `create table catalog_entity_attributes (
    organization_id text not null,
    entity_id uuid not null references catalog_entities (id) on delete cascade,
    locale text not null,
    title text,
    description text,
    seo_title text,
    seo_description text,
    updated_at timestamptz not null default now(),
    primary key (entity_id, locale)
  )`,
  `create table catalog_categories (
    id uuid primary key,
    organization_id text not null,
    name text not null,
    slug text not null,
    parent_id uuid references catalog_categories (id) on delete set null,
    description text,
    created_at timestamptz not null default now(),
    unique (organization_id, slug)
  )`,
  `create table catalog_brands (
    id uuid primary key,
    organization_id text not null,
    name text not null,
    slug text not null,
    description text,
    created_at timestamptz not null default now(),
    unique (organization_id, slug)
  )`,
  `create table catalog_entity_categories (
    organization_id text not null,
    entity_id uuid not null references catalog_entities (id) on delete cascade,
    category_id uuid not null references catalog_categories (id) on delete cascade,
    primary key (entity_id, category_id)
  )`,
  `create index catalog_entity_categories_category_idx on catalog_entity_categories (category_id)`,
  `create table catalog_entity_brands (
    organization_id text not null,
    entity_id uuid not null references catalog_entities (id) on delete cascade,
    brand_id uuid not null references catalog_brands (id) on delete cascade,
    primary key (entity_id, brand_id)
  )`,
  `create index catalog_entity_brands_brand_idx on catalog_entity_brands (brand_id)`,
  `create table catalog_option_types (
    id uuid primary key,
    organization_id text not null,
    entity_id uuid not null references catalog_entities (id) on delete cascade,
    name text not null,
    position integer not null default 0,
    unique (entity_id, name)
  )`,
  `create table catalog_option_values (
    id uuid primary key,
    organization_id text not null,
    option_type_id uuid not null references catalog_option_types (id) on delete cascade,
    value text not null,
    position integer not null default 0,
    unique (option_type_id, value)
  )`,
  `create table catalog_variants (
    id uuid primary key,
    organization_id text not null,
    entity_id uuid not null references catalog_entities (id) on delete cascade,
    sku text,
    option_key text not null,
    options jsonb not null default '{}',
    option_value_ids jsonb not null default '[]',
    position integer not null default 0,
    metadata jsonb not null default '{}',
    created_at timestamptz not null default now(),
    unique (entity_id, option_key)
  )`,
  `create unique index catalog_variants_org_sku_idx on catalog_variants (organization_id, sku) where sku is not null`,
];

const CUSTOM_FIELDS = [
  `create table catalog_field_definitions (
    id uuid primary key,
    organization_id text not null,
    entity_type text not null,
    name text not null,
    label text,
    data_type text not null check (data_type in ('string', 'number', 'integer', 'boolean', 'enum', 'json')),
    is_required boolean not null default false,
    is_filterable boolean not null default false,
    options jsonb,
    archived_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (organization_id, entity_type, name)
  )`,
  `create table catalog_custom_field_values (
    id uuid primary key,
    organization_id text not null,
    entity_id uuid not null references catalog_entities (id) on delete cascade,
    field_name text not null,
    locale text not null,
    value jsonb not null,
    status text not null check (status in ('approved', 'pending', 'rejected', 'superseded')),
    source text not null,
    store_id text,
    set_by text,
    set_by_type text,
    created_at timestamptz not null default now(),
    decided_at timestamptz,
    decided_by text,
    sequence bigserial not null
  )`,
  // The live value: at most one approved row per field and locale, whatever the concurrency.
  `create unique index catalog_custom_field_live_idx on catalog_custom_field_values (entity_id, field_name, locale) where status = 'approved'`,
  `create index catalog_custom_field_pending_idx on catalog_custom_field_values (organization_id, status, created_at)`,
  `create table catalog_field_ownership (
    id uuid primary key,
    organization_id text not null,
    entity_id uuid not null references catalog_entities (id) on delete cascade,
    field_path text not null,
    owner text not null check (owner in ('platform', 'store', 'shared')),
    store_id text,
    variant_id uuid references catalog_variants (id) on delete cascade,
    updated_at timestamptz not null default now()
  )`,
  `create unique index catalog_field_ownership_row_idx on catalog_field_ownership
    (entity_id, field_path, coalesce(store_id, ''), coalesce(variant_id::text, ''))`,
];

/**
 * `revision` counts the changes to an entity's attributes and variants: triggers bump it in the same
 * statement as the change, whichever code (or process) makes it, so includes built from those rows can be
 * cached per entity revision and a list page checks freshness with the revision it reads anyway.
 * Writers lock the entity row before touching its children, so the bump adds no lock-order hazard.
 */
const REVISIONED_CHILDREN = ["catalog_variants", "catalog_entity_attributes"] as const;

const bumpRevisionFunction = (
  bump: string,
) => `create or replace function catalog_entities_bump_revision() returns trigger language plpgsql as $$
  begin
    ${bump};
    return null;
  end $$`;

const ENTITY_REVISION = [
  `alter table catalog_entities add column revision bigint not null default 1`,
  bumpRevisionFunction(
    "update catalog_entities set revision = revision + 1 where id in (select entity_id from changed_rows)",
  ),
  ...REVISIONED_CHILDREN.flatMap((table) =>
    // Transition tables allow one event per trigger, hence three.
    (["insert", "update", "delete"] as const).map(
      (event) =>
        `create trigger ${table}_${event}_bumps_revision after ${event} on ${table}
         referencing ${event === "delete" ? "old" : "new"} table as changed_rows
         for each statement execute function catalog_entities_bump_revision()`,
    ),
  ),
];

/**
 * From 0005 the revision moves at most once per transaction: `revised_in` names the transaction that
 * last moved it, and an entity created by a transaction starts as revised by it. A revision only has to
 * name a committed state (nothing read inside a transaction is cached, see `include-registry.ts`), so a
 * second bump in one transaction, or a bump of an entity created in it, only rewrote the row and its
 * eleven index entries: a bulk import did that twice for every new entity. The bump is planned when it
 * runs (`plannedOnEachRun`): the plan kept from a connection's first, small write scanned the whole
 * catalog for every later batch.
 */
const REVISED_ONCE_PER_TRANSACTION = [
  `alter table catalog_entities add column revised_in xid8`,
  // Set apart from the column, the default leaves existing rows null (no table rewrite): they bump once.
  `alter table catalog_entities alter column revised_in set default pg_current_xact_id()`,
  bumpRevisionFunction(
    plannedOnEachRun(
      `update catalog_entities set revision = revision + 1, revised_in = pg_current_xact_id()
       where id in (select entity_id from changed_rows) and revised_in is distinct from pg_current_xact_id()`,
    ),
  ),
];

export const catalogMigrations: readonly NamedMigration[] = [
  { name: "0001_catalog_entities", up: (db) => runStatements(db, ENTITIES) },
  { name: "0002_custom_fields", up: (db) => runStatements(db, CUSTOM_FIELDS) },
  { name: "0003_entity_revision", up: (db) => runStatements(db, ENTITY_REVISION) },
  {
    name: "0004_entity_counts_and_list_indexes",
    up: (db) => runStatements(db, [...ENTITY_COUNT_STATEMENTS, ...ENTITY_LIST_INDEXES]),
  },
  {
    name: "0005_bulk_write_triggers",
    up: (db) => runStatements(db, [...REVISED_ONCE_PER_TRANSACTION, ...PLANNED_COUNT_FUNCTIONS]),
  },
  { name: "0006_list_generations", up: (db) => runStatements(db, LIST_GENERATION_STATEMENTS) },
];
