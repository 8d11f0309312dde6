import { sql, type Kysely } from "kysely";

/**
 * Runs DDL statements one by one: the extended protocol PGlite and pg use takes one statement per call.
 * Typed on `Kysely<unknown>` (what a migration runs on) so the database layer needs nothing of the kernel.
 */
export async function runStatements(db: Kysely<unknown>, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
