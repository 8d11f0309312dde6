import { sql } from "kysely";
import type { NamedMigration } from "../../kernel/plugin.js";

export const auditMigrations: readonly NamedMigration[] = [
  {
    name: "0001_audit_entries",
    async up(db) {
      await db.schema
        .createTable("audit_entries")
        .addColumn("id", "uuid", (col) => col.primaryKey())
        .addColumn("organization_id", "text", (col) => col.notNull())
        .addColumn("event", "text", (col) => col.notNull())
        .addColumn("entity_type", "text", (col) => col.notNull())
        .addColumn("entity_id", "text", (col) => col.notNull())
        .addColumn("actor_id", "text")
        .addColumn("actor_type", "text")
        .addColumn("changes", "jsonb", (col) => col.notNull())
        .addColumn("event_id", "uuid")
        .addColumn("occurred_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createIndex("audit_entries_org_time_idx")
        .on("audit_entries")
        .columns(["organization_id", "occurred_at"])
        .execute();
      await db.schema
        .createIndex("audit_entries_org_entity_idx")
        .on("audit_entries")
        .columns(["organization_id", "entity_type", "entity_id", "occurred_at"])
        .execute();
    },
  },
];
