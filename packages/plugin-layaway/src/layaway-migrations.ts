import { sql } from "kysely";
import type { NamedMigration } from "@unified-commerce/plugin-sdk";

/**
 * The plugin's tables. Amounts are integers of minor units; a plan's money rules are also checks, so a
 * bug can never store a plan paid past its total. `entity_id`/`variant_id`/`reservation_id`/`order_id`
 * name core's rows without foreign keys (a plugin reaches core through its services only).
 */
export const layawayMigrations: readonly NamedMigration[] = [
  {
    name: "0001_layaway_plans",
    async up(db) {
      await sql`create table layaway_plans (
        id uuid primary key,
        organization_id text not null,
        status text not null check (status in ('active', 'completed', 'forfeited')),
        customer_id text not null,
        email text,
        currency text not null,
        is_tax_inclusive boolean not null,
        subtotal integer not null,
        tax_total integer not null,
        total integer not null check (total > 0),
        deposit_amount integer not null,
        paid_amount integer not null check (paid_amount >= 0 and paid_amount <= total),
        deadline timestamptz not null,
        order_id uuid,
        forfeit_reason text check (forfeit_reason in ('manual', 'deadline')),
        forfeit_fee integer,
        refunded_amount integer,
        forfeit_note text,
        completed_at timestamptz,
        forfeited_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`.execute(db);
      // The list (newest first, by status) and the deadline job's scan of active plans.
      await sql`create index layaway_plans_org_created on layaway_plans (organization_id, created_at desc, id desc)`.execute(
        db,
      );
      await sql`create index layaway_plans_active_deadline on layaway_plans (deadline) where status = 'active'`.execute(
        db,
      );

      await sql`create table layaway_lines (
        id uuid primary key,
        organization_id text not null,
        plan_id uuid not null references layaway_plans (id) on delete cascade,
        position integer not null,
        entity_id uuid not null,
        variant_id uuid,
        title text not null,
        sku text,
        quantity integer not null check (quantity > 0),
        unit_price integer not null,
        subtotal integer not null,
        tax integer not null,
        total integer not null,
        tax_rate_bps integer not null,
        reservation_id uuid not null
      )`.execute(db);
      await sql`create index layaway_lines_plan on layaway_lines (plan_id, position)`.execute(db);

      await sql`create table layaway_installments (
        id uuid primary key,
        organization_id text not null,
        plan_id uuid not null references layaway_plans (id) on delete cascade,
        sequence integer not null,
        due_at timestamptz not null,
        amount integer not null check (amount > 0),
        reminded_at timestamptz,
        unique (plan_id, sequence)
      )`.execute(db);
      await sql`create index layaway_installments_unreminded on layaway_installments (due_at) where reminded_at is null`.execute(
        db,
      );

      await sql`create table layaway_ledger (
        id uuid primary key,
        organization_id text not null,
        plan_id uuid not null references layaway_plans (id) on delete cascade,
        kind text not null check (kind in ('deposit', 'installment', 'refund')),
        amount integer not null check (amount > 0),
        method text not null,
        provider text not null,
        provider_reference text,
        actor_id text,
        created_at timestamptz not null default now()
      )`.execute(db);
      await sql`create index layaway_ledger_plan on layaway_ledger (plan_id, created_at)`.execute(db);
    },
  },
];
