import type { NamedMigration } from "../../kernel/plugin.js";
import { runStatements } from "../../db/run-statements.js";

const STATEMENTS = [
  `create table promotions (
    id uuid primary key,
    organization_id text not null,
    code text not null,
    name text not null,
    type text not null check (type in ('percentage_off_order', 'fixed_off_order', 'percentage_off_item', 'fixed_off_item', 'buy_x_get_y', 'free_shipping')),
    value bigint not null check (value >= 0),
    currency text check (currency ~ '^[A-Z]{3}$'),
    min_subtotal bigint check (min_subtotal >= 0),
    eligible_entity_ids jsonb not null default '[]',
    eligible_category_ids jsonb not null default '[]',
    customer_group_ids jsonb not null default '[]',
    buy_quantity integer check (buy_quantity > 0),
    get_quantity integer check (get_quantity > 0),
    usage_limit integer check (usage_limit > 0),
    used integer not null default 0,
    per_customer_limit integer check (per_customer_limit > 0),
    is_stackable boolean not null default false,
    is_active boolean not null default true,
    valid_from timestamptz not null default now(),
    valid_until timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    -- The redemption UPDATE is guarded too; this makes a limit below the usage so far impossible.
    constraint promotions_usage_within_limit check (used >= 0 and (usage_limit is null or used <= usage_limit)),
    constraint promotions_window check (valid_until is null or valid_until > valid_from)
  )`,
  // Codes are unique per organization whatever their case: SUMMER10 and summer10 are one code.
  `create unique index promotions_code_unique on promotions (organization_id, lower(code))`,
  `create index promotions_active_idx on promotions (organization_id, valid_from) where is_active`,
  `create table promotion_customer_usages (
    organization_id text not null,
    promotion_id uuid not null references promotions (id) on delete cascade,
    customer_id text not null,
    used integer not null check (used > 0),
    primary key (promotion_id, customer_id)
  )`,
  `create table promotion_redemptions (
    id uuid primary key,
    organization_id text not null,
    promotion_id uuid not null references promotions (id) on delete cascade,
    customer_id text,
    order_id text,
    discount bigint not null default 0,
    created_at timestamptz not null default now()
  )`,
  `create index promotion_redemptions_promotion_idx on promotion_redemptions (organization_id, promotion_id)`,
];

// Promotions are private until marked public: `GET /promotions` lists only public ones to callers who do
// not manage promotions, so existing codes stop being advertised (security issue 31).
const PUBLIC_STATEMENTS = [`alter table promotions add column is_public boolean not null default false`];

export const promotionsMigrations: readonly NamedMigration[] = [
  { name: "0001_promotions", up: (db) => runStatements(db, STATEMENTS) },
  { name: "0002_promotions_is_public", up: (db) => runStatements(db, PUBLIC_STATEMENTS) },
];
