import type { NamedMigration } from "../../kernel/plugin.js";
import { runStatements } from "../../db/run-statements.js";

const STATEMENTS = [
  // entity_id and variant_id name catalog rows without a foreign key: modules do not share tables; the
  // catalog.delete subscriber removes the prices and modifiers of a deleted entity.
  `create table pricing_prices (
    id uuid primary key,
    organization_id text not null,
    entity_id uuid not null,
    variant_id uuid,
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    customer_group_id text,
    amount bigint not null check (amount >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    -- One price per target: NULL variant (entity level) and NULL group (base price) are values here.
    constraint pricing_prices_target_unique unique nulls not distinct (organization_id, entity_id, variant_id, currency, customer_group_id)
  )`,
  `create table pricing_modifiers (
    id uuid primary key,
    organization_id text not null,
    name text not null,
    kind text not null check (kind in ('percentage', 'fixed')),
    value bigint not null,
    entity_id uuid,
    variant_id uuid,
    currency text check (currency ~ '^[A-Z]{3}$'),
    customer_group_id text,
    priority integer not null default 0,
    is_active boolean not null default true,
    starts_at timestamptz,
    ends_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint pricing_modifiers_fixed_currency check (kind = 'percentage' or currency is not null),
    constraint pricing_modifiers_variant_entity check (variant_id is null or entity_id is not null),
    constraint pricing_modifiers_window check (starts_at is null or ends_at is null or ends_at > starts_at)
  )`,
  `create index pricing_modifiers_active_idx on pricing_modifiers (organization_id, entity_id) where is_active`,
];

export const pricingMigrations: readonly NamedMigration[] = [
  { name: "0001_pricing", up: (db) => runStatements(db, STATEMENTS) },
];
