import type { NamedMigration } from "@unified-commerce/plugin-sdk";

export const posMigrations: NamedMigration[] = [
  {
    name: "0001_pos",
    async up(db) {
      await db.schema
        .createTable("pos_operator_pins")
        .addColumn("organization_id", "text", (col) => col.notNull())
        .addColumn("user_id", "text", (col) => col.notNull())
        .addColumn("pin_hash", "text", (col) => col.notNull())
        .addColumn("pin_fingerprint", "text", (col) => col.notNull())
        .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(db.fn("now")))
        .addPrimaryKeyConstraint("pos_operator_pins_pk", ["organization_id", "user_id"])
        // The PIN uniqueness rule, held by the database even between two concurrent PIN changes.
        .addUniqueConstraint("pos_operator_pins_fingerprint_uq", ["organization_id", "pin_fingerprint"])
        .execute();
      await db.schema
        .createTable("pos_pin_attempts")
        .addColumn("organization_id", "text", (col) => col.notNull())
        .addColumn("operator_id", "text", (col) => col.notNull())
        .addColumn("failures", "integer", (col) => col.notNull())
        .addColumn("locked_until", "timestamptz")
        .addPrimaryKeyConstraint("pos_pin_attempts_pk", ["organization_id", "operator_id"])
        .execute();
      await db.schema
        .createTable("pos_shifts")
        .addColumn("id", "uuid", (col) => col.primaryKey())
        .addColumn("organization_id", "text", (col) => col.notNull())
        .addColumn("user_id", "text", (col) => col.notNull())
        .addColumn("api_key_id", "text", (col) => col.notNull().unique())
        .addColumn("till_key_id", "text", (col) => col.notNull())
        .addColumn("started_at", "timestamptz", (col) => col.notNull().defaultTo(db.fn("now")))
        .addColumn("expires_at", "timestamptz")
        .addColumn("ended_at", "timestamptz")
        .execute();
      await db.schema
        .createTable("pos_overrides")
        .addColumn("id", "uuid", (col) => col.primaryKey())
        .addColumn("organization_id", "text", (col) => col.notNull())
        .addColumn("token_hash", "text", (col) => col.notNull().unique())
        .addColumn("action", "text", (col) => col.notNull())
        .addColumn("order_id", "text")
        .addColumn("amount", "bigint")
        .addColumn("operator_id", "text", (col) => col.notNull())
        .addColumn("manager_id", "text", (col) => col.notNull())
        .addColumn("expires_at", "timestamptz", (col) => col.notNull())
        .addColumn("used_at", "timestamptz")
        .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(db.fn("now")))
        .execute();
    },
  },
  {
    // PINs were held unique per store through a keyed fingerprint, so setting a PIN told an admin that
    // another operator used it (409 POS_PIN_TAKEN). A PIN is always checked with the operator's id:
    // uniqueness bought nothing, and the fingerprint goes with it.
    name: "0002_pins_not_unique",
    async up(db) {
      await db.schema.alterTable("pos_operator_pins").dropConstraint("pos_operator_pins_fingerprint_uq").execute();
      await db.schema.alterTable("pos_operator_pins").dropColumn("pin_fingerprint").execute();
    },
  },
  {
    // The warehouse a shift sells from (the till's): its sales' carts get the store's pickup option there.
    // No foreign key: the inventory module's rows are reached through its service.
    name: "0003_shift_warehouse",
    async up(db) {
      await db.schema.alterTable("pos_shifts").addColumn("warehouse_id", "uuid").execute();
    },
  },
];
