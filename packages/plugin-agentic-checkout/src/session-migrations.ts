import { sql } from "kysely";
import type { NamedMigration } from "@unified-commerce/plugin-sdk";
import { migrateFlatRates } from "./flat-rates-migration.js";

/**
 * The checkout sessions. `cart_id` and `order_id` name core's rows without foreign keys (a plugin reaches
 * core through its services only). The cart token is stored sealed, never in plain text.
 */
export const sessionMigrations: readonly NamedMigration[] = [
  {
    name: "0001_acp_checkout_sessions",
    async up(db) {
      await sql`create table acp_checkout_sessions (
        id text primary key,
        organization_id text not null,
        cart_id uuid not null,
        sealed_cart_token text not null,
        state text not null default 'open' check (state in ('open', 'completed', 'canceled')),
        currency text not null,
        buyer jsonb,
        fulfillment_details jsonb,
        selected_option_id text,
        promotion_codes jsonb not null default '[]',
        order_id uuid,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`.execute(db);
      // The order webhooks find the session of an order by its cart (the order is written before the session learns its id).
      await sql`create unique index acp_checkout_sessions_cart on acp_checkout_sessions (organization_id, cart_id)`.execute(
        db,
      );
    },
  },
  // The plugin's own flat rates become the shipping module's options (see flat-rates-migration.ts).
  { name: "0002_acp_flat_rates_to_shipping_options", up: migrateFlatRates },
];
