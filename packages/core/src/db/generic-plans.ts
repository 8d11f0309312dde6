import { sql, type Transaction } from "kysely";

/**
 * Lets PostgreSQL reuse a prepared statement's generic plan for the rest of `trx` (`plan_cache_mode =
 * auto`, its default) where the server's connections otherwise plan every run for its values
 * (`createDatabase`). For transactions made only of keyed reads and writes (ids, a cart's lines, an
 * order's rows), whose best plan does not depend on the values: planning was a large share of
 * PostgreSQL's time in a checkout (see bench/results/checkout.md). Never for searches, lists or reports,
 * where a generic plan cannot see how many rows a value selects.
 */
export async function allowGenericPlans<DB>(trx: Transaction<DB>): Promise<void> {
  await sql`set local plan_cache_mode = auto`.execute(trx);
}
