import { sql, type Kysely } from "kysely";
import type { NamedMigration } from "./migration.js";

/** One module's migration sequence. */
export interface MigrationSequence {
  module: string;
  migrations: readonly NamedMigration[];
}

export interface MigrationReport {
  applied: { module: string; name: string }[];
}

/**
 * Applies every pending migration, module by module in plugin order, in one transaction under an
 * advisory lock so that processes booting together do not race.
 *
 * Why not Kysely's Migrator: it orders migrations by name across one table, while our sequences are per
 * module and their order across modules is the plugin order. One table keyed by (module, name) keeps every
 * sequence in one place.
 */
export async function runMigrations(
  db: Kysely<unknown>,
  sequences: readonly MigrationSequence[],
): Promise<MigrationReport> {
  const applied: MigrationReport["applied"] = [];
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('unified_commerce_migrations'))`.execute(trx);
    await sql`create table if not exists uc_migrations (
      module text not null,
      name text not null,
      executed_at timestamptz not null default now(),
      primary key (module, name)
    )`.execute(trx);
    const done = await sql<{ module: string; name: string }>`select module, name from uc_migrations`.execute(trx);
    const isDone = new Set(done.rows.map((row) => `${row.module}\u0000${row.name}`));

    for (const sequence of sequences) {
      assertUniqueNames(sequence);
      for (const migration of sequence.migrations) {
        if (isDone.has(`${sequence.module}\u0000${migration.name}`)) continue;
        try {
          await migration.up(trx);
        } catch (error) {
          throw new Error(`Migration ${sequence.module}/${migration.name} failed: ${(error as Error).message}`, {
            cause: error,
          });
        }
        await sql`insert into uc_migrations (module, name) values (${sequence.module}, ${migration.name})`.execute(trx);
        applied.push({ module: sequence.module, name: migration.name });
      }
    }
  });
  return { applied };
}

function assertUniqueNames(sequence: MigrationSequence): void {
  const names = new Set<string>();
  for (const { name } of sequence.migrations) {
    if (names.has(name)) throw new Error(`Module ${sequence.module} declares migration ${name} twice`);
    names.add(name);
  }
}

/**
 * How many of `sequences`' migrations the database has not recorded. Read without the migration lock: a
 * readiness probe must not queue behind a process that is migrating (that process answers "not ready"
 * itself, and this one sees the migrations once they commit).
 */
export async function countPendingMigrations(
  db: Kysely<unknown>,
  sequences: readonly MigrationSequence[],
): Promise<number> {
  const table = await sql<{ name: string | null }>`select to_regclass('uc_migrations')::text as name`.execute(db);
  const total = sequences.reduce((sum, sequence) => sum + sequence.migrations.length, 0);
  if (!table.rows[0]?.name) return total;
  const done = await sql<{ module: string; name: string }>`select module, name from uc_migrations`.execute(db);
  const isDone = new Set(done.rows.map((row) => `${row.module}\u0000${row.name}`));
  let pending = 0;
  for (const sequence of sequences) {
    for (const migration of sequence.migrations)
      if (!isDone.has(`${sequence.module}\u0000${migration.name}`)) pending += 1;
  }
  return pending;
}
