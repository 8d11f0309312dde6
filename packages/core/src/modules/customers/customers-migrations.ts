import type { NamedMigration } from "../../kernel/plugin.js";
import { runStatements } from "../../db/run-statements.js";

const STATEMENTS = [
  // The id is the user id for a person with an account (carts and orders already record it as their
  // customer), a UUID for a customer staff made: text, and unique per organization, not globally (one
  // person has a profile in each store they joined).
  `create table customers (
    organization_id text not null,
    id text not null check (length(id) between 1 and 200),
    email text check (email = lower(email) and length(email) <= 320),
    name text check (length(name) between 1 and 200),
    phone text check (length(phone) <= 40),
    has_account boolean not null,
    accepts_marketing boolean not null default false,
    accepts_marketing_updated_at timestamptz,
    metadata jsonb not null default '{}',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (organization_id, id)
  )`,
  // Medusa's rule: an e-mail names one customer without an account (staff's records) and, separately,
  // one account (the auth package keeps sign-in addresses unique), so signing up never collides with a
  // record staff made.
  `create unique index customers_guest_email_unique on customers (organization_id, email) where not has_account and email is not null`,
  `create index customers_organization_created on customers (organization_id, created_at desc, id desc)`,
  `create table customer_groups (
    organization_id text not null,
    id text not null check (id ~ '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$'),
    name text not null check (length(name) between 1 and 200),
    description text check (length(description) <= 1000),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    primary key (organization_id, id)
  )`,
  `create unique index customer_groups_name_unique on customer_groups (organization_id, lower(name))`,
  `create table customer_group_members (
    organization_id text not null,
    group_id text not null,
    customer_id text not null,
    created_at timestamptz not null default now(),
    primary key (organization_id, customer_id, group_id),
    foreign key (organization_id, group_id) references customer_groups (organization_id, id) on delete cascade,
    foreign key (organization_id, customer_id) references customers (organization_id, id) on delete cascade
  )`,
  `create index customer_group_members_group on customer_group_members (organization_id, group_id, customer_id)`,
  `create table customer_addresses (
    id uuid primary key,
    organization_id text not null,
    customer_id text not null,
    name text,
    company text,
    line1 text not null,
    line2 text,
    city text not null,
    postal_code text,
    state text,
    country text not null check (country ~ '^[A-Z]{2}$'),
    phone text,
    is_default_shipping boolean not null default false,
    is_default_billing boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    foreign key (organization_id, customer_id) references customers (organization_id, id) on delete cascade
  )`,
  `create index customer_addresses_customer on customer_addresses (organization_id, customer_id, created_at)`,
  // One default of each kind per customer, whatever runs concurrently.
  `create unique index customer_addresses_one_default_shipping on customer_addresses (organization_id, customer_id) where is_default_shipping`,
  `create unique index customer_addresses_one_default_billing on customer_addresses (organization_id, customer_id) where is_default_billing`,
];

export const customersMigrations: readonly NamedMigration[] = [
  { name: "0001_customers", up: (db) => runStatements(db, STATEMENTS) },
];
