import type { QueryExecutor } from "kysely";

/**
 * What the queue needs from a database handle: any `Kysely<DB>` or `Transaction<DB>`, whatever its table
 * types and plugins. A structural type because `Kysely<YourTables>` is not assignable to `Kysely<unknown>`.
 *
 * Every query runs on `withoutPlugins()` with snake_case identifiers, so the same calls work with and
 * without `CamelCasePlugin`.
 */
export interface JobsDb {
  readonly isTransaction: boolean;
  getExecutor(): QueryExecutor;
  withoutPlugins(): JobsDb;
  transaction(): { execute<T>(callback: (trx: JobsDb) => Promise<T>): Promise<T> };
}
