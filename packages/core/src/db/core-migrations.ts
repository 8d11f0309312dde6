import { sql } from "kysely";
import type { NamedMigration } from "./migration.js";

/** The kernel's own tables: organizations (tenants), the domain-event outbox, idempotency keys and the kernel's keys. */
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
  {
    // The HTTP layer's Idempotency-Key records (src/http/idempotency): one row per organization, credential
    // and key, claimed before the handler runs and holding its answer afterwards.
    name: "0002_idempotency_keys",
    async up(db) {
      await db.schema
        .createTable("idempotency_keys")
        .addColumn("organization_id", "text", (col) => col.notNull())
        .addColumn("credential", "text", (col) => col.notNull())
        .addColumn("key", "text", (col) => col.notNull())
        .addColumn("fingerprint", "text", (col) => col.notNull())
        .addColumn("claim_token", "uuid", (col) => col.notNull())
        .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('in_progress', 'completed')`))
        .addColumn("response_status", "integer")
        .addColumn("response", "text")
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint("idempotency_keys_pkey", ["organization_id", "credential", "key"])
        .execute();
      await db.schema
        .createIndex("idempotency_keys_created_at_idx")
        .on("idempotency_keys")
        .column("created_at")
        .execute();
    },
  },
  {
    // Keys the kernel generates for itself, by name: the development secret key on PostgreSQL
    // (`kernel/resolve-secret-key.ts`), the database's equivalent of the embedded database's `secret.key` file.
    name: "0003_kernel_keys",
    async up(db) {
      await db.schema
        .createTable("kernel_keys")
        .addColumn("name", "text", (col) => col.primaryKey())
        .addColumn("value", "text", (col) => col.notNull())
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
];
