import { sql, type Kysely } from "kysely";
import { createDatabase, resolveModules, runMigrations, type MigrationSequence } from "@unified-commerce/core";
import { cliCommand } from "../cli-command.js";
import { cliConfig, type CliIo } from "../cli-context.js";
import { progressBar } from "../progress-bar.js";

interface PendingMigration {
  module: string;
  name: string;
}

/**
 * `uc migrate [--dry-run]`: applies the pending migrations of core and of every configured plugin, in
 * boot order, in one transaction (all or none, as at boot); `--dry-run` lists them and changes nothing.
 */
export const migrate = cliCommand({
  name: "migrate",
  summary: "Apply the pending migrations of core and every configured plugin (all or none)",
  description: "In boot order, in one transaction. --dry-run lists them and changes nothing.",
  options: {
    "dry-run": { type: "boolean", description: "List the pending migrations; apply nothing" },
    json: { type: "boolean", description: "Print one JSON object: { applied } or { dryRun, pending }" },
  },
  examples: ["uc migrate --dry-run", "uc migrate"],
  run: async ({ values }, io) => {
    const config = await cliConfig(values.config, io);
    const sequences: MigrationSequence[] = resolveModules(config).map((module) => ({
      module: module.id,
      migrations: module.schema?.migrations ?? [],
    }));
    const database = await createDatabase({ ...config.database, lockHolder: "the uc command" });
    try {
      const db = database.db as unknown as Kysely<unknown>;
      const pending = await pendingMigrations(db, sequences);
      if (values["dry-run"] || pending.length === 0) {
        report(io, { isJson: values.json, isDryRun: Boolean(values["dry-run"]), migrations: pending });
        return;
      }
      const bar = progressBar(io, pending.length, "migrating");
      // Each migration ticks the bar as it finishes; they all still run in runMigrations' one transaction.
      const counted = sequences.map((sequence) => ({
        module: sequence.module,
        migrations: sequence.migrations.map((migration) => ({
          name: migration.name,
          up: async (trx: Kysely<unknown>) => {
            await migration.up(trx);
            bar.tick(`${sequence.module}/${migration.name}`);
          },
        })),
      }));
      try {
        const { applied } = await runMigrations(db, counted);
        report(io, { isJson: values.json, isDryRun: false, migrations: applied });
      } finally {
        bar.done();
      }
    } finally {
      await database.close();
    }
  },
});

/** Migrations of `sequences` not recorded in `uc_migrations` (all of them on an empty database). */
async function pendingMigrations(
  db: Kysely<unknown>,
  sequences: readonly MigrationSequence[],
): Promise<PendingMigration[]> {
  const table = await sql<{ name: string | null }>`select to_regclass('uc_migrations')::text as name`.execute(db);
  const done = new Set<string>();
  if (table.rows[0]?.name) {
    const rows = await sql<{ module: string; name: string }>`select module, name from uc_migrations`.execute(db);
    for (const row of rows.rows) done.add(`${row.module}\u0000${row.name}`);
  }
  return sequences.flatMap((sequence) =>
    sequence.migrations
      .filter((migration) => !done.has(`${sequence.module}\u0000${migration.name}`))
      .map((migration) => ({ module: sequence.module, name: migration.name })),
  );
}

function report(
  io: CliIo,
  input: { isJson: boolean | undefined; isDryRun: boolean; migrations: readonly PendingMigration[] },
): void {
  const { isJson, isDryRun, migrations } = input;
  if (isJson) {
    io.out(JSON.stringify(isDryRun ? { dryRun: true, pending: migrations } : { applied: migrations }));
    return;
  }
  if (migrations.length === 0) {
    io.out("The database is up to date: no pending migrations.");
    return;
  }
  io.out(
    isDryRun
      ? `${migrations.length} pending migration${migrations.length === 1 ? "" : "s"} (nothing applied):`
      : `Applied ${migrations.length} migration${migrations.length === 1 ? "" : "s"}:`,
  );
  for (const migration of migrations) io.out(`  ${migration.module}/${migration.name}`);
}
