import { sql } from "kysely";
import type { NamedMigration } from "../kernel/plugin.js";

/** The kernel's own tables: organizations (tenants) and the domain-event outbox. */
export const coreMigrations: readonly NamedMigration[] = [
  {
    name: "0001_organizations_and_events",
    async up(db) {
      await db.schema
        .createTable("organizations")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable("domain_events")
        .addColumn("sequence", "bigserial", (col) => col.primaryKey())
        .addColumn("id", "uuid", (col) => col.notNull().unique())
        .addColumn("organization_id", "text", (col) => col.notNull())
        .addColumn("type", "text", (col) => col.notNull())
        .addColumn("entity_type", "text", (col) => col.notNull())
        .addColumn("entity_id", "text", (col) => col.notNull())
        .addColumn("payload", "jsonb", (col) => col.notNull())
        .addColumn("actor_id", "text")
        .addColumn("actor_type", "text")
        .addColumn("occurred_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createIndex("domain_events_org_type_idx")
        .on("domain_events")
        .columns(["organization_id", "type", "occurred_at"])
        .execute();
    },
  },
];
