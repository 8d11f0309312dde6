import type { NamedMigration } from "../../kernel/plugin.js";
import { runStatements } from "../../db/run-statements.js";

const STATEMENTS = [
  `create table tax_classes (
    id uuid primary key,
    organization_id text not null,
    name text not null check (name ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
    rate_bps integer not null check (rate_bps between 0 and 10000),
    is_default boolean not null default false,
    is_active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (organization_id, name)
  )`,
  // One default class per organization, whatever runs concurrently.
  `create unique index tax_classes_one_default on tax_classes (organization_id) where is_default`,
  // entity_id and variant_id name catalog rows without a foreign key: modules do not share tables; the
  // catalog.delete subscriber removes the assignments of a deleted entity.
  `create table tax_class_assignments (
    id uuid primary key,
    organization_id text not null,
    entity_id uuid not null,
    variant_id uuid,
    tax_class_id uuid not null references tax_classes (id) on delete cascade,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint tax_class_assignments_target_unique unique nulls not distinct (organization_id, entity_id, variant_id)
  )`,
];

export const taxMigrations: readonly NamedMigration[] = [
  { name: "0001_tax", up: (db) => runStatements(db, STATEMENTS) },
];
