import type { NamedMigration } from "../../kernel/plugin.js";
import { runStatements } from "../../db/run-statements.js";

const STATEMENTS = [
  `create table settings_groups (
    organization_id text not null,
    group_name text not null check (group_name ~ '^[a-z][a-z0-9_-]{0,49}$'),
    value jsonb not null default '{}',
    updated_at timestamptz not null default now(),
    primary key (organization_id, group_name),
    constraint settings_groups_object check (jsonb_typeof(value) = 'object')
  )`,
];

export const settingsMigrations: readonly NamedMigration[] = [
  { name: "0001_settings", up: (db) => runStatements(db, STATEMENTS) },
];
