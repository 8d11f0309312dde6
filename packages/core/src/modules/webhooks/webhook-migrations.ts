import { sql } from "kysely";
import type { NamedMigration } from "../../kernel/plugin.js";

export const webhookMigrations: readonly NamedMigration[] = [
  {
    name: "0001_endpoints_and_deliveries",
    async up(db) {
      await db.schema
        .createTable("webhook_endpoints")
        .addColumn("id", "uuid", (col) => col.primaryKey())
        .addColumn("organization_id", "text", (col) => col.notNull())
        .addColumn("url", "text", (col) => col.notNull())
        .addColumn("events", "jsonb", (col) => col.notNull())
        .addColumn("description", "text")
        .addColumn("secret_sealed", "text", (col) => col.notNull())
        .addColumn("is_active", "boolean", (col) => col.notNull().defaultTo(true))
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createIndex("webhook_endpoints_org_idx")
        .on("webhook_endpoints")
        .columns(["organization_id", "is_active"])
        .execute();
      await db.schema
        .createTable("webhook_deliveries")
        .addColumn("id", "uuid", (col) => col.primaryKey())
        .addColumn("organization_id", "text", (col) => col.notNull())
        .addColumn("endpoint_id", "uuid", (col) => col.notNull().references("webhook_endpoints.id").onDelete("cascade"))
        .addColumn("event_id", "uuid", (col) => col.notNull())
        .addColumn("event_type", "text", (col) => col.notNull())
        .addColumn("webhook_id", "text", (col) => col.notNull())
        .addColumn("body", "text", (col) => col.notNull())
        .addColumn("status", "text", (col) =>
          col.notNull().check(sql`status in ('pending', 'retrying', 'succeeded', 'failed')`),
        )
        .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("last_status", "integer")
        .addColumn("last_error", "text")
        .addColumn("last_duration_ms", "integer")
        .addColumn("last_attempt_at", "timestamptz")
        .addColumn("delivered_at", "timestamptz")
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint("webhook_deliveries_endpoint_event_unique", ["endpoint_id", "event_id"])
        .execute();
      await db.schema
        .createIndex("webhook_deliveries_endpoint_idx")
        .on("webhook_deliveries")
        .columns(["organization_id", "endpoint_id", "created_at"])
        .execute();
    },
  },
];
