import type { NamedMigration } from "../../kernel/plugin.js";
import { runStatements } from "../catalog/catalog-migrations.js";

const STATEMENTS = [
  // cart_id, customer_id and the lines' entity_id/variant_id name other modules' rows without foreign
  // keys: modules do not share tables, and an order outlives its cart and its catalog rows.
  `create table orders (
    id uuid primary key,
    organization_id text not null,
    number text not null,
    status text not null default 'pending'
      check (status in ('pending', 'confirmed', 'processing', 'partially_fulfilled', 'fulfilled', 'refunded', 'cancelled')),
    cart_id uuid not null,
    customer_id text,
    currency text not null,
    is_tax_inclusive boolean not null,
    payment_method_id text not null,
    shipping_address jsonb,
    promotion_codes text[] not null default '{}',
    subtotal bigint not null check (subtotal >= 0),
    discount_total bigint not null check (discount_total >= 0),
    tax_total bigint not null check (tax_total >= 0),
    total bigint not null check (total >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint orders_number_unique unique (organization_id, number)
  )`,
  `create index orders_organization_created on orders (organization_id, created_at desc, id desc)`,
  // A cart becomes one order at most, whatever a caller forgets to lock.
  `create unique index orders_cart_unique on orders (organization_id, cart_id)`,
  `create table order_lines (
    id uuid primary key,
    organization_id text not null,
    order_id uuid not null references orders (id) on delete cascade,
    position integer not null,
    entity_id uuid not null,
    variant_id uuid,
    title text not null,
    sku text,
    quantity integer not null check (quantity > 0),
    refunded_quantity integer not null default 0 check (refunded_quantity between 0 and quantity),
    unit_price bigint not null check (unit_price >= 0),
    subtotal bigint not null check (subtotal >= 0),
    discount bigint not null check (discount >= 0),
    tax bigint not null check (tax >= 0),
    total bigint not null check (total >= 0),
    tax_rate_bps integer not null check (tax_rate_bps between 0 and 10000),
    created_at timestamptz not null default now()
  )`,
  `create index order_lines_order on order_lines (order_id, position)`,
  `create table order_number_counters (
    organization_id text not null,
    year integer not null,
    last_value integer not null check (last_value > 0),
    primary key (organization_id, year)
  )`,
];

export const ordersMigrations: readonly NamedMigration[] = [{ name: "0001_orders", up: (db) => runStatements(db, STATEMENTS) }];
