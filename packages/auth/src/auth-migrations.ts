import { sql } from "kysely";
import type { NamedMigration } from "@unified-commerce/core";

const now = sql`now()`;

export const authMigrations: readonly NamedMigration[] = [
  {
    name: "0001_users_sessions_keys",
    async up(db) {
      await db.schema
        .createTable("auth_users")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("email", "text", (col) => col.notNull().unique())
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("password_hash", "text")
        .addColumn("email_verified_at", "timestamptz")
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(now))
        .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createTable("auth_accounts")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("user_id", "text", (col) => col.notNull().references("auth_users.id").onDelete("cascade"))
        .addColumn("provider_id", "text", (col) => col.notNull())
        .addColumn("provider_account_id", "text", (col) => col.notNull())
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(now))
        .addUniqueConstraint("auth_accounts_provider_unique", ["provider_id", "provider_account_id"])
        .execute();
      await db.schema
        .createTable("auth_memberships")
        .addColumn("organization_id", "text", (col) => col.notNull())
        .addColumn("user_id", "text", (col) => col.notNull().references("auth_users.id").onDelete("cascade"))
        .addColumn("role", "text", (col) => col.notNull())
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(now))
        .addPrimaryKeyConstraint("auth_memberships_pk", ["organization_id", "user_id"])
        .execute();
      await db.schema.createIndex("auth_memberships_user_idx").on("auth_memberships").column("user_id").execute();
      await db.schema
        .createTable("auth_sessions")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("secret_hash", "text", (col) => col.notNull())
        .addColumn("user_id", "text", (col) => col.notNull().references("auth_users.id").onDelete("cascade"))
        .addColumn("organization_id", "text", (col) => col.notNull())
        .addColumn("expires_at", "timestamptz", (col) => col.notNull())
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(now))
        .addColumn("ip_address", "text")
        .addColumn("user_agent", "text")
        .execute();
      await db.schema.createIndex("auth_sessions_user_idx").on("auth_sessions").column("user_id").execute();
      await db.schema
        .createTable("auth_api_keys")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("organization_id", "text", (col) => col.notNull())
        .addColumn("scope", "text", (col) => col.notNull())
        .addColumn("name", "text", (col) => col.notNull())
        .addColumn("prefix", "text", (col) => col.notNull())
        .addColumn("secret_hash", "text", (col) => col.notNull())
        .addColumn("user_id", "text", (col) => col.references("auth_users.id").onDelete("set null"))
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(now))
        .addColumn("expires_at", "timestamptz")
        .addColumn("revoked_at", "timestamptz")
        .execute();
      await db.schema.createIndex("auth_api_keys_org_idx").on("auth_api_keys").column("organization_id").execute();
      await db.schema
        .createTable("auth_verifications")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("secret_hash", "text", (col) => col.notNull())
        .addColumn("purpose", "text", (col) => col.notNull())
        .addColumn("user_id", "text", (col) => col.references("auth_users.id").onDelete("cascade"))
        .addColumn("payload", "jsonb", (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn("expires_at", "timestamptz", (col) => col.notNull())
        .addColumn("used_at", "timestamptz")
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createTable("auth_two_factor")
        .addColumn("user_id", "text", (col) => col.primaryKey().references("auth_users.id").onDelete("cascade"))
        .addColumn("secret_sealed", "text", (col) => col.notNull())
        .addColumn("enabled_at", "timestamptz")
        .addColumn("last_used_step", "bigint")
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createTable("auth_backup_codes")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("user_id", "text", (col) => col.notNull().references("auth_users.id").onDelete("cascade"))
        .addColumn("code_hash", "text", (col) => col.notNull())
        .addColumn("used_at", "timestamptz")
        .execute();
      await db.schema.createIndex("auth_backup_codes_user_idx").on("auth_backup_codes").column("user_id").execute();
      await db.schema
        .createTable("auth_login_attempts")
        .addColumn("id", "bigserial", (col) => col.primaryKey())
        .addColumn("key", "text", (col) => col.notNull())
        .addColumn("is_success", "boolean", (col) => col.notNull())
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex("auth_login_attempts_key_idx")
        .on("auth_login_attempts")
        .columns(["key", "created_at"])
        .execute();
    },
  },
  {
    // Session validation runs on every request of a signed-in client. Sent as plain SQL, its four-table
    // join was planned anew each time, costing PostgreSQL more CPU than the lookup itself (see
    // bench/results/auth.md); PL/pgSQL keeps the plan per connection, so a request pays only the lookup.
    // Tables resolve through the caller's search_path, like every other query of the package.
    name: "0002_session_lookup_function",
    async up(db) {
      await sql`
        create function auth_session_lookup(session_id text)
        returns table (
          id text, secret_hash text, user_id text, organization_id text, expires_at timestamptz,
          created_at timestamptz, ip_address text, user_agent text, email text, name text,
          email_verified_at timestamptz, role text, two_factor_enabled_at timestamptz
        )
        language plpgsql stable
        as $$
        begin
          return query
            select s.id, s.secret_hash, s.user_id, s.organization_id, s.expires_at, s.created_at, s.ip_address,
                   s.user_agent, u.email, u.name, u.email_verified_at, m.role, tf.enabled_at
            from auth_sessions s
            join auth_users u on u.id = s.user_id
            left join auth_memberships m on m.user_id = s.user_id and m.organization_id = s.organization_id
            left join auth_two_factor tf on tf.user_id = s.user_id
            where s.id = session_id;
        end
        $$`.execute(db);
    },
  },
  {
    // Keys were `on delete set null`: deleting a user turned the keys minted for them into keys bound to
    // nobody, which the membership check at verification does not apply to, so they kept working. A
    // deleted user's keys now go with them (their audit entries stay).
    name: "0003_api_keys_go_with_their_user",
    async up(db) {
      await sql`alter table auth_api_keys drop constraint if exists auth_api_keys_user_id_fkey`.execute(db);
      await sql`alter table auth_api_keys add constraint auth_api_keys_user_id_fkey foreign key (user_id) references auth_users (id) on delete cascade`.execute(
        db,
      );
      await db.schema.createIndex("auth_api_keys_user_idx").on("auth_api_keys").column("user_id").execute();
    },
  },
  {
    name: "0004_invitations",
    async up(db) {
      await db.schema
        .createTable("auth_invitations")
        .addColumn("id", "text", (col) => col.primaryKey())
        .addColumn("organization_id", "text", (col) => col.notNull())
        .addColumn("email", "text", (col) => col.notNull())
        .addColumn("role", "text", (col) => col.notNull())
        .addColumn("secret_hash", "text", (col) => col.notNull())
        .addColumn("invited_by", "text", (col) => col.references("auth_users.id").onDelete("set null"))
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(now))
        .addColumn("expires_at", "timestamptz", (col) => col.notNull())
        .addColumn("accepted_at", "timestamptz")
        .addColumn("revoked_at", "timestamptz")
        .execute();
      await db.schema
        .createIndex("auth_invitations_org_email_idx")
        .on("auth_invitations")
        .columns(["organization_id", "email"])
        .execute();
    },
  },
];
