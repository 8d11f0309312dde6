import type { NamedMigration } from "../../kernel/plugin.js";
import { runStatements } from "../../db/run-statements.js";

const STATEMENTS = [
  `create table inventory_warehouses (
    id uuid primary key,
    organization_id text not null,
    name text not null,
    code text not null,
    created_at timestamptz not null default now(),
    unique (organization_id, code)
  )`,
  // entity_id and variant_id name catalog rows without a foreign key: modules do not share tables; the
  // catalog.delete subscriber removes the stock of a deleted entity.
  `create table inventory_levels (
    id uuid primary key,
    organization_id text not null,
    warehouse_id uuid not null references inventory_warehouses (id) on delete cascade,
    entity_id uuid not null,
    variant_id uuid,
    on_hand integer not null default 0,
    reserved integer not null default 0,
    updated_at timestamptz not null default now(),
    constraint inventory_levels_available_check check (reserved >= 0 and on_hand - reserved >= 0),
    constraint inventory_levels_row_unique unique nulls not distinct (organization_id, warehouse_id, entity_id, variant_id)
  )`,
  `create index inventory_levels_entity_idx on inventory_levels (organization_id, entity_id)`,
  `create table inventory_adjustments (
    id uuid primary key,
    organization_id text not null,
    warehouse_id uuid not null,
    entity_id uuid not null,
    variant_id uuid,
    type text not null,
    quantity integer not null,
    on_hand_after integer not null,
    actor_id text,
    note text,
    created_at timestamptz not null default now()
  )`,
  `create index inventory_adjustments_entity_idx on inventory_adjustments (organization_id, entity_id, created_at)`,
  `create table inventory_reservations (
    id uuid primary key,
    organization_id text not null,
    level_id uuid not null references inventory_levels (id) on delete cascade,
    entity_id uuid not null,
    variant_id uuid,
    warehouse_id uuid not null,
    quantity integer not null check (quantity > 0),
    status text not null check (status in ('active', 'released', 'converted', 'expired')),
    reference text,
    expires_at timestamptz not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index inventory_reservations_active_idx on inventory_reservations (organization_id, entity_id, expires_at) where status = 'active'`,
];

// Stock history by warehouse, product and variant, newest first, for the analytics stock reports. The
// variant is keyed by coalesce(variant_id, nil uuid) so a product without variants has one key that
// compares like a value (the reports join on the same expression; variant_id itself is included for
// index-only scans, which cannot rebuild a column from an expression). `stock_history` answers "the
// last adjustment before a date" and "the last sale before a date" per key with one short index
// descent each; `receipts` holds only the positive adjustments the aging report layers stock with.
const ANALYTICS = [
  `create index inventory_adjustments_stock_history on inventory_adjustments
    (organization_id, warehouse_id, entity_id, (coalesce(variant_id, '00000000-0000-0000-0000-000000000000'::uuid)), created_at desc, id desc)
    include (variant_id, type, on_hand_after)`,
  `create index inventory_adjustments_receipts on inventory_adjustments
    (organization_id, warehouse_id, entity_id, (coalesce(variant_id, '00000000-0000-0000-0000-000000000000'::uuid)), created_at desc, id desc)
    include (variant_id, quantity) where quantity > 0`,
];

export const inventoryMigrations: readonly NamedMigration[] = [
  { name: "0001_inventory", up: (db) => runStatements(db, STATEMENTS) },
  { name: "0002_inventory_analytics_indexes", up: (db) => runStatements(db, ANALYTICS) },
];
