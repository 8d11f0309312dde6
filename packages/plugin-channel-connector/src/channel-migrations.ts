import { sql } from "kysely";
import type { NamedMigration } from "@unified-commerce/plugin-sdk";

/**
 * The plugin's tables. `entity_id` and `order_id` name core's rows without foreign keys (a plugin reaches
 * core through its services only). Credentials are stored sealed (AES-256-GCM under the server's secret
 * key), never in plain text.
 */
export const channelMigrations: readonly NamedMigration[] = [
  {
    name: "0001_channel_connections",
    async up(db) {
      await sql`create table channel_connections (
        id uuid primary key,
        organization_id text not null,
        name text not null,
        adapter_id text not null,
        settings jsonb not null default '{}',
        sealed_credentials text not null,
        credential_keys jsonb not null default '[]',
        backfill_status text not null default 'idle' check (backfill_status in ('idle', 'running', 'done')),
        backfill_cursor text,
        backfill_pages integer not null default 0,
        backfill_items integer not null default 0,
        backfill_errors integer not null default 0,
        backfill_last_error text,
        backfill_started_at timestamptz,
        backfill_finished_at timestamptz,
        stock_pushes integer not null default 0,
        orders_imported integer not null default 0,
        orders_rejected integer not null default 0,
        reconcile_status text not null default 'idle' check (reconcile_status in ('idle', 'running', 'done')),
        reconcile_cursor text,
        reconcile_report jsonb,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`.execute(db);
      await sql`create index channel_connections_org_created on channel_connections (organization_id, created_at desc, id desc)`.execute(
        db,
      );

      // Which channel listing stands for which entity of this store, per connection.
      await sql`create table channel_listings (
        connection_id uuid not null references channel_connections (id) on delete cascade,
        organization_id text not null,
        entity_id uuid not null,
        external_id text not null,
        pushed_at timestamptz not null default now(),
        primary key (connection_id, entity_id)
      )`.execute(db);
      await sql`create index channel_listings_entity on channel_listings (organization_id, entity_id)`.execute(db);
      await sql`create unique index channel_listings_external on channel_listings (connection_id, external_id)`.execute(
        db,
      );

      // One row per channel order ever seen: the unique key is what makes a repeated delivery a no-op.
      await sql`create table channel_orders (
        id uuid primary key,
        organization_id text not null,
        connection_id uuid not null references channel_connections (id) on delete cascade,
        external_order_id text not null,
        order_id uuid,
        status text not null check (status in ('imported', 'rejected')),
        reason text,
        created_at timestamptz not null default now(),
        unique (connection_id, external_order_id)
      )`.execute(db);
      // A fulfillment finds the channel its order came from.
      await sql`create index channel_orders_order on channel_orders (organization_id, order_id) where order_id is not null`.execute(
        db,
      );
    },
  },
];
