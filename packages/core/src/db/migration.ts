import type { Kysely } from "kysely";

/**
 * A migration of one module's sequence, applied in list order. It receives the transaction all pending
 * migrations run in; schema builders and `sql` need no table types.
 */
export interface NamedMigration {
  name: string;
  up(db: MigrationDb): Promise<void>;
}

/** What a migration runs on: untyped, because a migration must not depend on today's table types. */
export type MigrationDb = Kysely<unknown>;
