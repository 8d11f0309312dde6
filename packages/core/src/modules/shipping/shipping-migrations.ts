import { runStatements } from "../../db/run-statements.js";
import type { NamedMigration } from "../../kernel/plugin.js";

const STATEMENTS = [
  `create table shipping_profiles (
    id uuid primary key,
    organization_id text not null,
    name text not null,
    is_default boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (organization_id, name)
  )`,
  // One default profile per organization, whatever runs concurrently.
  `create unique index shipping_profiles_one_default on shipping_profiles (organization_id) where is_default`,
  `create table shipping_zones (
    id uuid primary key,
    organization_id text not null,
    name text not null,
    countries jsonb not null,
    regions jsonb not null default '[]',
    postal_patterns jsonb not null default '[]',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index shipping_zones_organization_idx on shipping_zones (organization_id)`,
  // tax_class_id and warehouse_id name other modules' rows without a foreign key: modules do not share
  // tables; a deleted class falls back to the default rate, a deleted warehouse leaves the pickup named.
  `create table shipping_options (
    id uuid primary key,
    organization_id text not null,
    name text not null,
    zone_id uuid references shipping_zones (id) on delete cascade,
    profile_id uuid not null references shipping_profiles (id),
    calculator text not null check (calculator in ('flat', 'weight_bands', 'subtotal_bands', 'free_above', 'per_item', 'carrier')),
    rate_provider_id text,
    fulfillment_provider_id text,
    rates jsonb not null,
    tax_class_id uuid,
    min_weight_grams integer check (min_weight_grams >= 0),
    max_weight_grams integer check (max_weight_grams >= 0),
    is_pickup boolean not null default false,
    warehouse_id uuid,
    is_active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint shipping_options_pickup_has_no_zone check (not is_pickup or zone_id is null),
    constraint shipping_options_zone_or_pickup check (is_pickup or zone_id is not null),
    constraint shipping_options_carrier_has_provider check ((calculator = 'carrier') = (rate_provider_id is not null))
  )`,
  // Quotes read the active options of one organization.
  `create index shipping_options_organization_idx on shipping_options (organization_id) where is_active`,
  // Physical attributes of an entity (variant_id null) or one variant; entity_id and variant_id name catalog
  // rows without a foreign key, the catalog.delete subscriber removes them.
  `create table shipping_attributes (
    id uuid primary key,
    organization_id text not null,
    entity_id uuid not null,
    variant_id uuid,
    weight_grams integer check (weight_grams >= 0),
    length_mm integer check (length_mm >= 0),
    width_mm integer check (width_mm >= 0),
    height_mm integer check (height_mm >= 0),
    requires_shipping boolean,
    hs_code text,
    origin_country text,
    profile_id uuid references shipping_profiles (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint shipping_attributes_target_unique unique nulls not distinct (organization_id, entity_id, variant_id)
  )`,
  // One shipment per fulfillment shipped through a provider (the unique fulfillment_id is what keeps a
  // retried job or a replayed event from shipping twice); order_id and fulfillment_id name the orders
  // module's rows without a foreign key.
  `create table shipping_shipments (
    id uuid primary key,
    organization_id text not null,
    order_id uuid not null,
    fulfillment_id uuid not null unique,
    provider_id text not null,
    option_id uuid,
    status text not null check (status in ('pending', 'created', 'failed', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'returned')),
    tracking_number text,
    tracking_url text,
    label_url text,
    attempts integer not null default 0,
    last_error text,
    -- Held by the run asking the provider, so parallel runs of the job never ask twice; a crashed run's
    -- lease expires and a retry asks again (with the same idempotency key).
    claimed_until timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index shipping_shipments_order on shipping_shipments (organization_id, order_id)`,
  `create index shipping_shipments_tracking on shipping_shipments (organization_id, provider_id, tracking_number)`,
  `create table shipping_tracking_events (
    id uuid primary key,
    organization_id text not null,
    shipment_id uuid not null references shipping_shipments (id) on delete cascade,
    provider_event_id text not null,
    status text not null,
    description text,
    occurred_at timestamptz not null,
    created_at timestamptz not null default now(),
    unique (shipment_id, provider_event_id)
  )`,
];

// Where a tracking event happened, as the carrier says; and cancellation (`cancelling` while the
// provider's cancel job runs, then `cancelled`). The inline check of 0001 is `shipping_shipments_status_check`.
const LOCATION_AND_CANCEL = [
  `alter table shipping_tracking_events add column location text`,
  `alter table shipping_shipments drop constraint shipping_shipments_status_check`,
  `alter table shipping_shipments add constraint shipping_shipments_status_check check (status in ('pending',
    'created', 'failed', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'returned', 'cancelling',
    'cancelled'))`,
];

export const shippingMigrations: readonly NamedMigration[] = [
  { name: "0001_shipping", up: (db) => runStatements(db, STATEMENTS) },
  { name: "0002_shipment_location_and_cancel", up: (db) => runStatements(db, LOCATION_AND_CANCEL) },
];
