/** The `database` section of the configuration: which database the kernel opens, and how. */
export interface DatabaseConfig {
  /** PostgreSQL connection string. Unset: embedded PGlite persisted in `dataDir`. */
  url?: string;
  /** Directory of the embedded database. `memory://` keeps it in memory. @default ".data" */
  dataDir?: string;
  /** PostgreSQL schema to use (tests give each file its own). @default "public" */
  schema?: string;
  /** Maximum pool size on PostgreSQL. @default 10 */
  poolSize?: number;
  /**
   * Run queries as named prepared statements on PostgreSQL, so each connection parses a query once
   * (`db/preparing-pool.ts`). Turn it off behind a pooler that moves a session's statements between
   * server connections: PgBouncer in transaction mode before 1.21, or without `max_prepared_statements`.
   * @default true
   */
  preparedStatements?: boolean;
  /**
   * How this process is named in the embedded database's lock file (`<dataDir>/uc.lock`): another
   * process refused the directory says who holds it. @default "another process"
   */
  lockHolder?: string;
}
