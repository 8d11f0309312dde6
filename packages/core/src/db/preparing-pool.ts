import type { PostgresCursor, PostgresPool, PostgresPoolClient } from "kysely";
import type pg from "pg";

/** How many statements one connection keeps prepared; texts past it run unnamed. */
export const PREPARED_PER_CONNECTION = 256;

/**
 * Statements with more parameters than this run unnamed: multi-row inserts (the catalog import's
 * batches) would fill a connection's slots with texts that rarely come back.
 */
const MAX_PREPARED_PARAMETERS = 64;

/** What one connection has prepared: the name of each text's statement, and how many it allocated. */
interface Prepared {
  names: Map<string, string>;
  /** Names given out, stale ones included (they stay allocated): what the bound counts. */
  allocated: number;
}

/**
 * The pool Kysely uses, handing each query to PostgreSQL as a named prepared statement, so that a
 * connection parses a text it has run before once instead of every time: parsing was a large share of
 * PostgreSQL's CPU per checkout (bench/results/checkout.md). The connections it is used with plan every run for its
 * values (`plan_cache_mode=force_custom_plan`, set by `createDatabase`): a search whose selectivity only
 * the values tell ran several times slower with a generic plan (bench/results/checkout.md). Transactions
 * of keyed statements may allow them (`allowGenericPlans`: checkout).
 * Statements without parameters (`begin`, `commit`) and those with many run unnamed, as do new texts
 * once a connection holds `PREPARED_PER_CONNECTION`.
 *
 * PostgreSQL re-plans a prepared statement by itself when a table it reads changes, and refuses to run it
 * only when its result columns changed under it (a `select *` across a column another process added,
 * SQLSTATE 0A000). That text then gets a new name on the connection, and the query is run again when
 * that is safe: outside a transaction. Inside one the error has already aborted it, and the caller sees
 * the error as it would any other.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const preparedBy = new WeakMap<pg.PoolClient, Prepared>();
  return {
    options: pool.options,
    end: () => pool.end(),
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const statements = preparedBy.get(client) ?? { names: new Map<string, string>(), allocated: 0 };
      preparedBy.set(client, statements);
      const run = async (text: string, values: unknown[], isRetry = false): Promise<pg.QueryResult> => {
        const name = nameFor(statements, text, values.length);
        if (name === undefined) return client.query(text, values);
        try {
          return await client.query({ name, text, values });
        } catch (error) {
          if (!isStalePlan(error)) throw error;
          statements.names.delete(text);
          if (isRetry || transactionStatus(client) !== "I") throw error;
          return run(text, values, true);
        }
      };
      return {
        processID: (client as { processID?: number }).processID,
        release: (destroy?: boolean) => client.release(destroy),
        // One implementation of both overloads Kysely declares (a text with parameters, or a cursor).
        query: ((textOrCursor: string | PostgresCursor<unknown>, parameters?: readonly unknown[]) =>
          typeof textOrCursor === "string"
            ? run(textOrCursor, [...(parameters ?? [])])
            : client.query(textOrCursor as never)) as unknown as PostgresPoolClient["query"],
      };
    },
  };
}

/** `cached plan must not change result type` (SQLSTATE 0A000, raised where a cached plan is revalidated). */
const isStalePlan = (error: unknown): boolean => {
  const { code, routine } = (error ?? {}) as { code?: unknown; routine?: unknown };
  return code === "0A000" && routine === "RevalidateCachedQuery";
};

/**
 * The name `text` runs under on this connection; none when it runs unnamed. Names are numbered per
 * connection: a text whose statement went stale gets a new one, the old one staying allocated (it cannot
 * be deallocated from an aborted transaction), and counted.
 */
function nameFor(statements: Prepared, text: string, parameterCount: number): string | undefined {
  if (parameterCount === 0 || parameterCount > MAX_PREPARED_PARAMETERS) return undefined;
  const known = statements.names.get(text);
  if (known !== undefined || statements.allocated >= PREPARED_PER_CONNECTION) return known;
  statements.allocated += 1;
  const name = `uc_${statements.allocated}`;
  statements.names.set(text, name);
  return name;
}

/** `I` idle, `T` in a transaction, `E` in a failed one: the last ReadyForQuery's status (pg ≥ 8.19). */
const transactionStatus = (client: pg.PoolClient): string | null =>
  (client as unknown as { getTransactionStatus?: () => string | null }).getTransactionStatus?.() ?? null;
