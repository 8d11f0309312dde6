import type { NamedMigration } from "../../kernel/plugin.js";
import { runStatements } from "../../db/run-statements.js";
import { MAX_ITEM_QUANTITY } from "./carts-schemas.js";

const STATEMENTS = [
  `create table carts (
    id uuid primary key,
    organization_id text not null,
    status text not null default 'open' check (status in ('open', 'checked_out')),
    currency text not null check (currency ~ '^[A-Z]{3}$'),
    customer_id text,
    token_hash text not null,
    order_id uuid,
    is_tax_inclusive boolean not null default false,
    expires_at timestamptz not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint carts_checked_out_has_order check ((status = 'checked_out') = (order_id is not null))
  )`,
  `create index carts_organization_idx on carts (organization_id, id)`,
  // carts/prune deletes by expiry across organizations.
  `create index carts_expires_idx on carts (expires_at)`,
  `create table cart_items (
    id uuid primary key,
    organization_id text not null,
    cart_id uuid not null references carts (id) on delete cascade,
    entity_id uuid not null,
    variant_id uuid,
    quantity integer not null check (quantity between 1 and ${MAX_ITEM_QUANTITY}),
    unit_price_snapshot bigint check (unit_price_snapshot >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  // One line per entity and variant: adding the same one again merges quantities.
  `create unique index cart_items_line_unique on cart_items (cart_id, entity_id, variant_id) nulls not distinct`,
  `create index cart_items_entity_idx on cart_items (organization_id, entity_id)`,
];

// Where the cart ships and the shipping options the buyer chose (one per shipping profile its lines use);
// checkout prices them again (the shipping module), so nothing here is a price.
const SHIPPING = [
  `alter table carts add column shipping_address jsonb`,
  `alter table carts add column shipping_option_ids jsonb not null default '[]'`,
];

export const cartsMigrations: readonly NamedMigration[] = [
  { name: "0001_carts", up: (db) => runStatements(db, STATEMENTS) },
  { name: "0002_cart_shipping", up: (db) => runStatements(db, SHIPPING) },
];
