import type { NamedMigration } from "../../kernel/plugin.js";
import { runStatements } from "../../db/run-statements.js";
import { SALES_ROLLUPS_MIGRATION } from "./order-sales-rollups.js";

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

// The order's history (status moves, notes, refunds and their undos) and its staff notes. `actor_id`
// names a user or an API key of the auth package: no foreign key, like every cross-module reference.
const TIMELINE_AND_NOTES = [
  `create table order_timeline (
    id uuid primary key,
    organization_id text not null,
    order_id uuid not null references orders (id) on delete cascade,
    type text not null check (type in ('status', 'note', 'refund')),
    at timestamptz not null default clock_timestamp(),
    actor_id text,
    actor_type text,
    summary text not null,
    data jsonb not null default '{}'
  )`,
  `create index order_timeline_order on order_timeline (order_id, at desc, id desc)`,
  `create table order_notes (
    id uuid primary key,
    organization_id text not null,
    order_id uuid not null references orders (id) on delete cascade,
    body text not null check (char_length(body) between 1 and 2000),
    pinned boolean not null default false,
    author_id text,
    author_type text,
    created_at timestamptz not null default clock_timestamp()
  )`,
  `create index order_notes_order on order_notes (order_id, pinned desc, created_at desc, id desc)`,
];

// Fiscal invoice numbers: one per order, issued the first time an invoice is produced, gapless per
// organization and year (see `issueInvoiceNumber`).
const INVOICES = [
  `create table order_invoices (
    organization_id text not null,
    order_id uuid not null references orders (id) on delete cascade,
    number text not null,
    issued_at timestamptz not null default now(),
    primary key (order_id),
    constraint order_invoices_number_unique unique (organization_id, number)
  )`,
  `create table order_invoice_counters (
    organization_id text not null,
    year integer not null,
    last_value integer not null check (last_value > 0),
    primary key (organization_id, year)
  )`,
];

// Fulfillments and refunds. `fulfilled_quantity` and `refunded_quantity` are the counters their guarded
// updates move (never past `quantity`); the refund caps are one counter row per operator and store day.
const FULFILLMENTS_AND_REFUNDS = [
  `alter table order_lines add column fulfilled_quantity integer not null default 0 check (fulfilled_quantity between 0 and quantity)`,
  `create table order_fulfillments (
    id uuid primary key,
    organization_id text not null,
    order_id uuid not null references orders (id) on delete cascade,
    carrier text,
    tracking_number text,
    tracking_url text,
    actor_id text not null,
    actor_type text not null,
    created_at timestamptz not null default clock_timestamp()
  )`,
  `create index order_fulfillments_order on order_fulfillments (order_id, created_at desc)`,
  `create table order_fulfillment_lines (
    fulfillment_id uuid not null references order_fulfillments (id) on delete cascade,
    organization_id text not null,
    line_item_id uuid not null references order_lines (id) on delete cascade,
    quantity integer not null check (quantity > 0),
    primary key (fulfillment_id, line_item_id)
  )`,
  `create table order_refunds (
    id uuid primary key,
    organization_id text not null,
    order_id uuid not null references orders (id) on delete cascade,
    status text not null check (status in ('pending_payout', 'undone', 'paid_out', 'payout_failed')),
    amount bigint not null check (amount >= 0),
    currency text not null,
    reason text check (char_length(reason) <= 500),
    actor_id text not null,
    actor_type text not null,
    cap_day text not null,
    created_at timestamptz not null default clock_timestamp(),
    undo_until timestamptz not null,
    undone_at timestamptz,
    paid_out_at timestamptz,
    provider_reference text,
    payout_attempts integer not null default 0,
    payout_error text
  )`,
  `create index order_refunds_order on order_refunds (order_id, created_at desc)`,
  `create table order_refund_lines (
    refund_id uuid not null references order_refunds (id) on delete cascade,
    organization_id text not null,
    line_item_id uuid not null references order_lines (id) on delete cascade,
    quantity integer not null check (quantity > 0),
    amount bigint not null check (amount >= 0),
    primary key (refund_id, line_item_id)
  )`,
  `create index order_refund_lines_line on order_refund_lines (line_item_id)`,
  `create table order_refund_caps (
    organization_id text not null,
    actor_id text not null,
    day text not null,
    used bigint not null check (used >= 0),
    primary key (organization_id, actor_id, day)
  )`,
];

// The orders of each organization and status, kept by statement triggers so a list's total is a sum over
// a few rows instead of a count over every order (which was the list's whole cost at 100,000 orders: see
// bench/results/orders.md). Triggers append signed deltas rather than update one row per status: concurrent checkouts
// and status moves then never wait on a shared counter row nor lock counters in opposite orders.
// `compactOrderCounts` folds the deltas back into one row per status. Transition tables rule out a
// column list (`update of status`), so every update statement fires; the `having` skips those that
// moved no status.
const STATUS_COUNTS = [
  `create table order_status_counts (
    organization_id text not null,
    status text not null,
    delta bigint not null
  )`,
  `create index order_status_counts_organization on order_status_counts (organization_id, status)`,
  `create function order_status_counts_apply() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      insert into order_status_counts (organization_id, status, delta)
        select organization_id, status, count(*) from new_rows group by organization_id, status;
    elsif tg_op = 'DELETE' then
      insert into order_status_counts (organization_id, status, delta)
        select organization_id, status, -count(*) from old_rows group by organization_id, status;
    else
      insert into order_status_counts (organization_id, status, delta)
        select organization_id, status, sum(delta) from (
          select organization_id, status, -1 as delta from old_rows
          union all
          select organization_id, status, 1 as delta from new_rows
        ) as moves
        group by organization_id, status
        having sum(delta) <> 0;
    end if;
    return null;
  end
  $$`,
  `create trigger orders_count_insert after insert on orders referencing new table as new_rows
    for each statement execute function order_status_counts_apply()`,
  `create trigger orders_count_update after update on orders referencing old table as old_rows new table as new_rows
    for each statement execute function order_status_counts_apply()`,
  `create trigger orders_count_delete after delete on orders referencing old table as old_rows
    for each statement execute function order_status_counts_apply()`,
  `insert into order_status_counts (organization_id, status, delta) select organization_id, status, count(*) from orders group by organization_id, status`,
];

// A customer's own orders (`/api/me/orders`: `listForCustomer`), newest first, and their count, without
// walking the store's other orders.
const BY_CUSTOMER = [
  `create index orders_organization_customer_created on orders (organization_id, customer_id, created_at desc, id desc)`,
];

// Who placed each order (the accountable actor checkout received: the user behind a till's shift key, a
// staff member ordering on a customer's behalf, an API key), for the staff-sales report; orders placed
// before this migration, and anonymous ones, keep null. The refunds' (organization, created_at) index
// serves the reports that read a store's refunds by date (daily journal, tax summary, staff sales).
const PLACED_BY = [
  `alter table orders add column placed_by_id text`,
  `alter table orders add column placed_by_type text check (placed_by_type in ('user', 'apiKey', 'system'))`,
  `create index order_refunds_organization_created on order_refunds (organization_id, created_at)`,
];

// The analytics reports read a store's orders by date and each order's lines. Both indexes carry the
// columns the reports and the orders model sum or group by, so a period is read from the index alone
// (index-only scans) instead of from heap pages scattered by updates; the lines one lets each order's
// lines be read through it in a nested loop rather than hashing every line of the store. Measured on the
// analytics benchmark (100,000 orders, 250,000 lines): see bench/results/analytics.md.
const ANALYTICS = [
  `create index orders_organization_created_analytics on orders (organization_id, created_at)
    include (id, status, currency, payment_method_id, placed_by_type, placed_by_id, subtotal, discount_total, tax_total, total)`,
  `create index order_lines_order_analytics on order_lines (order_id)
    include (organization_id, entity_id, variant_id, title, sku, quantity, refunded_quantity, tax_rate_bps, tax, total)`,
];

// Shipping a checkout charged on top of its lines (a server-priced rate, e.g. the Agentic Checkout's
// fulfillment option): part of `total`, so the payment intent charges it; 0 for every earlier order.
const SHIPPING_TOTAL = [
  `alter table orders add column shipping_total bigint not null default 0 check (shipping_total >= 0)`,
];

// The API key a refund was made with: a key minted for a user refunds in that user's name, and this
// column keeps which credential did it (null for a session, and for refunds made before it existed).
const REFUND_CREDENTIAL = [`alter table order_refunds add column credential_id text`];

// Invoice e-mails asked for (security issue 31: anyone with orders:read could mail any address, without
// limit): counted per order and per caller in a window, across processes.
const INVOICE_EMAILS = [
  `create table order_invoice_emails (
    id uuid primary key,
    organization_id text not null,
    order_id uuid not null references orders (id) on delete cascade,
    requested_by text not null,
    recipient text not null,
    created_at timestamptz not null default now()
  )`,
  `create index order_invoice_emails_order on order_invoice_emails (organization_id, order_id, created_at)`,
  `create index order_invoice_emails_caller on order_invoice_emails (organization_id, requested_by, created_at)`,
];

// The shipping module's methods checkout charged (one per shipping profile), kept on the order as its
// lines are, and the tax inside `shipping_total`; none and 0 for every earlier order.
const SHIPPING_METHODS = [
  `alter table orders add column shipping_tax_total bigint not null default 0 check (shipping_tax_total >= 0)`,
  `alter table orders add column shipping_methods jsonb not null default '[]'`,
];

// Shipments through a fulfillment provider (created, tracked, cancelled) tell the timeline too; the check
// was written inline in 0002, so PostgreSQL named it `order_timeline_type_check`.
const TIMELINE_SHIPMENTS = [
  `alter table order_timeline drop constraint order_timeline_type_check`,
  `alter table order_timeline add constraint order_timeline_type_check
    check (type in ('status', 'note', 'refund', 'shipment'))`,
];

// Shipping in refunds: what the live refunds took of the order's shipping, guarded by a check so no
// interleaving of refunds can take more than was charged; and each refund's share of it.
const SHIPPING_REFUNDS = [
  `alter table orders add column shipping_refunded bigint not null default 0
    constraint orders_shipping_refunded_check check (shipping_refunded >= 0 and shipping_refunded <= shipping_total)`,
  `alter table order_refunds add column shipping_amount bigint not null default 0 check (shipping_amount >= 0)`,
];

// Shipping in the reports: the daily journal sums each day's shipping from the analytics index, which
// must carry the shipping columns to stay an index-only scan (rebuilt with them); the tax summary reads
// the shipping methods (their rate, net and tax) of the orders that charged shipping, by date.
const SHIPPING_ANALYTICS = [
  `drop index orders_organization_created_analytics`,
  `create index orders_organization_created_analytics on orders (organization_id, created_at)
    include (id, status, currency, payment_method_id, placed_by_type, placed_by_id, subtotal, discount_total, tax_total,
      total, shipping_total, shipping_tax_total)`,
  `create index orders_shipping_analytics on orders (organization_id, created_at)
    include (status, currency, shipping_total, shipping_methods) where shipping_total > 0`,
];

export const ordersMigrations: readonly NamedMigration[] = [
  { name: "0001_orders", up: (db) => runStatements(db, STATEMENTS) },
  { name: "0002_order_timeline_and_notes", up: (db) => runStatements(db, TIMELINE_AND_NOTES) },
  { name: "0003_order_invoices", up: (db) => runStatements(db, INVOICES) },
  { name: "0004_order_fulfillments_and_refunds", up: (db) => runStatements(db, FULFILLMENTS_AND_REFUNDS) },
  { name: "0005_order_status_counts", up: (db) => runStatements(db, STATUS_COUNTS) },
  { name: "0006_orders_by_customer", up: (db) => runStatements(db, BY_CUSTOMER) },
  { name: "0007_orders_placed_by", up: (db) => runStatements(db, PLACED_BY) },
  { name: "0008_orders_analytics_indexes", up: (db) => runStatements(db, ANALYTICS) },
  { name: "0009_order_shipping_total", up: (db) => runStatements(db, SHIPPING_TOTAL) },
  { name: "0010_order_sales_rollups", up: (db) => runStatements(db, SALES_ROLLUPS_MIGRATION) },
  { name: "0011_order_refund_credential", up: (db) => runStatements(db, REFUND_CREDENTIAL) },
  { name: "0012_order_invoice_emails", up: (db) => runStatements(db, INVOICE_EMAILS) },
  { name: "0013_order_shipping_methods", up: (db) => runStatements(db, SHIPPING_METHODS) },
  { name: "0014_order_timeline_shipments", up: (db) => runStatements(db, TIMELINE_SHIPMENTS) },
  { name: "0015_order_shipping_refunds", up: (db) => runStatements(db, SHIPPING_REFUNDS) },
  { name: "0016_orders_shipping_analytics", up: (db) => runStatements(db, SHIPPING_ANALYTICS) },
];
