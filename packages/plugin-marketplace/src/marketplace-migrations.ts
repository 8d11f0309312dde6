import { sql } from "kysely";
import type { MigrationDb, NamedMigration } from "@unified-commerce/plugin-sdk";

const run = async (db: MigrationDb, statements: readonly ReturnType<typeof sql>[]) => {
  for (const statement of statements) await statement.execute(db);
};

/**
 * The plugin's tables. Money is `bigint` minor units (read back as safe integers). `order_id`,
 * `entity_id`, `category_id`, `user_id`, `api_key_id` and `refund_id` name core's rows without foreign
 * keys: a plugin reaches core through its services only. States are checked by the database too.
 */
export const marketplaceMigrations: readonly NamedMigration[] = [
  {
    name: "0001_marketplace_vendors",
    up: (db) =>
      run(db, [
        sql`create table marketplace_vendors (
          id uuid primary key,
          organization_id text not null,
          name text not null,
          slug text not null,
          email text,
          description text,
          status text not null check (status in ('pending', 'active', 'rejected', 'suspended')),
          status_reason text,
          payout_reference text,
          approved_at timestamptz,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now(),
          unique (organization_id, slug)
        )`,
        sql`create index marketplace_vendors_org_created on marketplace_vendors (organization_id, created_at desc, id desc)`,
        // A user acts for one vendor of a store.
        sql`create table marketplace_vendor_members (
          organization_id text not null,
          user_id text not null,
          vendor_id uuid not null references marketplace_vendors (id) on delete cascade,
          created_at timestamptz not null default now(),
          primary key (organization_id, user_id)
        )`,
        sql`create index marketplace_vendor_members_vendor on marketplace_vendor_members (vendor_id)`,
        sql`create table marketplace_vendor_keys (
          organization_id text not null,
          api_key_id text not null,
          vendor_id uuid not null references marketplace_vendors (id) on delete cascade,
          user_id text not null,
          created_at timestamptz not null default now(),
          primary key (organization_id, api_key_id)
        )`,
        sql`create table marketplace_vendor_documents (
          id uuid primary key,
          organization_id text not null,
          vendor_id uuid not null references marketplace_vendors (id) on delete cascade,
          type text not null,
          reference text not null,
          file_name text,
          status text not null check (status in ('pending', 'approved', 'rejected')),
          rejection_reason text,
          reviewed_by text,
          reviewed_at timestamptz,
          created_at timestamptz not null default now()
        )`,
        sql`create index marketplace_vendor_documents_vendor on marketplace_vendor_documents (vendor_id, created_at)`,
        // An entity has one vendor at most.
        sql`create table marketplace_vendor_entities (
          organization_id text not null,
          entity_id uuid not null,
          vendor_id uuid not null references marketplace_vendors (id) on delete cascade,
          created_at timestamptz not null default now(),
          primary key (organization_id, entity_id)
        )`,
        sql`create index marketplace_vendor_entities_vendor on marketplace_vendor_entities (vendor_id, created_at)`,
        sql`create table marketplace_commission_rules (
          id uuid primary key,
          organization_id text not null,
          name text not null,
          type text not null check (type in ('percentage', 'fixed')),
          rate_bps integer check (rate_bps between 0 and 10000),
          amount bigint check (amount >= 0),
          vendor_id uuid references marketplace_vendors (id) on delete cascade,
          category_id uuid,
          priority integer not null,
          is_active boolean not null,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now(),
          check ((type = 'percentage' and rate_bps is not null and amount is null) or (type = 'fixed' and amount is not null and rate_bps is null))
        )`,
        sql`create index marketplace_commission_rules_org on marketplace_commission_rules (organization_id, priority desc)`,
      ]),
  },
  {
    name: "0002_marketplace_sub_orders",
    up: (db) =>
      run(db, [
        sql`create table marketplace_sub_orders (
          id uuid primary key,
          organization_id text not null,
          order_id uuid not null,
          order_number text not null,
          vendor_id uuid not null references marketplace_vendors (id),
          customer_id text,
          status text not null check (status in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled')),
          currency text not null,
          total bigint not null,
          commission_total bigint not null,
          is_settled boolean not null default false,
          tracking_number text,
          carrier text,
          confirmed_at timestamptz,
          shipped_at timestamptz,
          delivered_at timestamptz,
          cancelled_at timestamptz,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now(),
          unique (order_id, vendor_id)
        )`,
        sql`create index marketplace_sub_orders_org_created on marketplace_sub_orders (organization_id, created_at desc, id desc)`,
        sql`create index marketplace_sub_orders_vendor on marketplace_sub_orders (vendor_id, created_at desc, id desc)`,
        sql`create index marketplace_sub_orders_order on marketplace_sub_orders (organization_id, order_id)`,
        sql`create table marketplace_sub_order_lines (
          id uuid primary key,
          organization_id text not null,
          sub_order_id uuid not null references marketplace_sub_orders (id) on delete cascade,
          order_line_id uuid not null unique,
          entity_id uuid not null,
          variant_id uuid,
          title text not null,
          quantity integer not null check (quantity > 0),
          total bigint not null,
          commission bigint not null check (commission >= 0),
          commission_rule_id uuid,
          commission_type text,
          commission_rate_bps integer,
          refunded_quantity integer not null default 0 check (refunded_quantity between 0 and quantity),
          refunded_amount bigint not null default 0,
          refunded_commission bigint not null default 0
        )`,
        sql`create index marketplace_sub_order_lines_sub_order on marketplace_sub_order_lines (sub_order_id)`,
        sql`create table marketplace_ledger (
          id uuid primary key,
          organization_id text not null,
          vendor_id uuid not null references marketplace_vendors (id),
          kind text not null check (kind in ('sale', 'commission', 'refund', 'payout', 'adjustment')),
          amount bigint not null,
          currency text not null,
          sub_order_id uuid,
          refund_id uuid,
          payout_id uuid,
          dispute_id uuid,
          note text,
          created_at timestamptz not null default now()
        )`,
        sql`create index marketplace_ledger_vendor on marketplace_ledger (vendor_id, currency, created_at)`,
        // A sub-order's sale and its commission are recorded once, whatever replays the confirmation.
        sql`create unique index marketplace_ledger_settlement on marketplace_ledger (sub_order_id, kind) where refund_id is null and kind in ('sale', 'commission')`,
        sql`create table marketplace_payouts (
          id uuid primary key,
          organization_id text not null,
          vendor_id uuid not null references marketplace_vendors (id),
          currency text not null,
          amount bigint not null check (amount > 0),
          status text not null check (status in ('pending', 'processing', 'paid', 'failed')),
          provider text not null,
          provider_reference text,
          attempts integer not null default 0,
          error text,
          paid_at timestamptz,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`,
        sql`create index marketplace_payouts_org_created on marketplace_payouts (organization_id, created_at desc, id desc)`,
        sql`create index marketplace_payouts_vendor on marketplace_payouts (vendor_id, created_at desc)`,
      ]),
  },
  {
    name: "0003_marketplace_aftersale",
    up: (db) =>
      run(db, [
        sql`create table marketplace_disputes (
          id uuid primary key,
          organization_id text not null,
          sub_order_id uuid not null references marketplace_sub_orders (id),
          vendor_id uuid not null references marketplace_vendors (id),
          order_id uuid not null,
          customer_id text,
          status text not null check (status in ('open', 'responded', 'escalated', 'resolved')),
          reason text not null,
          description text,
          vendor_response text,
          escalation_note text,
          outcome text check (outcome in ('customer', 'vendor')),
          resolution_note text,
          adjustment bigint,
          opened_by text not null,
          responded_at timestamptz,
          escalated_at timestamptz,
          resolved_at timestamptz,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`,
        sql`create index marketplace_disputes_org_created on marketplace_disputes (organization_id, created_at desc, id desc)`,
        sql`create index marketplace_disputes_vendor on marketplace_disputes (vendor_id, status)`,
        sql`create table marketplace_returns (
          id uuid primary key,
          organization_id text not null,
          sub_order_id uuid not null references marketplace_sub_orders (id),
          vendor_id uuid not null references marketplace_vendors (id),
          order_id uuid not null,
          customer_id text,
          status text not null check (status in ('requested', 'shipped_back', 'received')),
          reason text not null,
          tracking_number text,
          refund_id uuid,
          refund_amount bigint,
          shipped_back_at timestamptz,
          received_at timestamptz,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`,
        sql`create index marketplace_returns_vendor on marketplace_returns (vendor_id, status)`,
        sql`create table marketplace_return_lines (
          organization_id text not null,
          return_id uuid not null references marketplace_returns (id) on delete cascade,
          order_line_id uuid not null,
          quantity integer not null check (quantity > 0),
          primary key (return_id, order_line_id)
        )`,
        sql`create table marketplace_reviews (
          id uuid primary key,
          organization_id text not null,
          vendor_id uuid not null references marketplace_vendors (id),
          sub_order_id uuid not null unique references marketplace_sub_orders (id),
          customer_id text not null,
          rating integer not null check (rating between 1 and 5),
          title text,
          body text,
          status text not null check (status in ('published', 'hidden')),
          moderation_note text,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`,
        sql`create index marketplace_reviews_vendor on marketplace_reviews (vendor_id, created_at desc, id desc)`,
      ]),
  },
  {
    name: "0004_marketplace_payout_guards",
    up: (db) =>
      run(db, [
        // One payout in flight per vendor and currency: a run that races another finds it and makes none.
        sql`create unique index marketplace_payouts_open on marketplace_payouts (vendor_id, currency) where status in ('pending', 'processing', 'failed')`,
        // A payout's debit is written once.
        sql`create unique index marketplace_ledger_payout on marketplace_ledger (payout_id) where kind = 'payout'`,
      ]),
  },
  {
    name: "0005_marketplace_reviewer_name",
    // The public list shows a display name, never the buyer's id; reviews written before it show this.
    up: (db) =>
      run(db, [sql`alter table marketplace_reviews add column reviewer_name text not null default 'Verified buyer'`]),
  },
  {
    name: "0006_marketplace_sub_order_shipping",
    // Each sub-order carries the shipping methods of the order that ship its lines, with its share of them.
    up: (db) =>
      run(db, [
        sql`alter table marketplace_sub_orders add column shipping_methods jsonb not null default '[]'`,
        sql`alter table marketplace_sub_orders add column shipping_total bigint not null default 0`,
      ]),
  },
];
