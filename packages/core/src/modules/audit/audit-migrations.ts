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
  {
    // Every domain event becomes an audit entry in the statement that stores the event, by a trigger
    // instead of a subscriber's insert: one round trip less per event (two per checkout), and an event
    // stored by any path is audited.
    name: "0002_audit_entries_from_events",
    async up(db) {
      await sql`
        create function audit_entry_from_event() returns trigger language plpgsql as $$
        begin
          insert into audit_entries (id, organization_id, event, entity_type, entity_id, actor_id, actor_type, changes, event_id, occurred_at)
          values (gen_random_uuid(), new.organization_id, new.type, new.entity_type, new.entity_id, new.actor_id, new.actor_type, new.payload, new.id, new.occurred_at);
          return null;
        end
        $$`.execute(db);
      await sql`create trigger domain_events_audit after insert on domain_events for each row execute function audit_entry_from_event()`.execute(
        db,
      );
    },
  },
];
