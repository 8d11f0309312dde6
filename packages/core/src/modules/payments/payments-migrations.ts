import type { NamedMigration } from "../../kernel/plugin.js";
import { runStatements } from "../../db/run-statements.js";

const STATEMENTS = [
  // order_id names the orders module's row without a foreign key: modules do not share tables.
  `create table payment_intents (
    id uuid primary key,
    organization_id text not null,
    order_id uuid not null,
    order_number text not null,
    provider text not null,
    payment_method_id text not null,
    provider_reference text,
    status text not null default 'pending'
      check (status in ('pending', 'requires_action', 'authorized', 'succeeded', 'failed', 'cancelled')),
    amount bigint not null check (amount >= 0),
    currency text not null,
    attempts integer not null default 0,
    last_error text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index payment_intents_order on payment_intents (organization_id, order_id)`,
  `create table payment_webhook_events (
    id uuid primary key,
    organization_id text not null,
    provider text not null,
    event_id text not null,
    type text not null,
    action text not null check (action in ('payment_succeeded', 'payment_failed', 'refunded', 'other')),
    order_id uuid,
    payload jsonb not null,
    received_at timestamptz not null default now(),
    constraint payment_webhook_events_once unique (organization_id, provider, event_id)
  )`,
];

// The provider's client secret (a card form completes the payment with it), sealed with the kernel's
// SecretBox: the table never holds it in the clear.
const CLIENT_SECRET_STATEMENTS = [`alter table payment_intents add column client_secret_sealed text`];

// Checkout records the intent before the order takes its number (the number is taken last: see the
// orders module's `insertNumberedOrder`); the create-intent job reads the number from the order.
const WITHOUT_ORDER_NUMBER_STATEMENTS = [`alter table payment_intents drop column order_number`];

// Why a verified payment_succeeded confirmed nothing (its intent id, amount or currency is not the order's).
const WEBHOOK_MISMATCH_STATEMENTS = [`alter table payment_webhook_events add column mismatch text`];

export const paymentsMigrations: readonly NamedMigration[] = [
  { name: "0001_payments", up: (db) => runStatements(db, STATEMENTS) },
  { name: "0002_payment_client_secret", up: (db) => runStatements(db, CLIENT_SECRET_STATEMENTS) },
  { name: "0003_payment_intent_without_order_number", up: (db) => runStatements(db, WITHOUT_ORDER_NUMBER_STATEMENTS) },
  { name: "0004_payment_webhook_mismatch", up: (db) => runStatements(db, WEBHOOK_MISMATCH_STATEMENTS) },
];
