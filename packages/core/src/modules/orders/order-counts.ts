import { sql, type Kysely, type Transaction } from "kysely";
import type { CoreTables } from "../../db/core-tables.js";
import type { OrderStatus } from "./orders-context.js";

/** The task that folds the order count deltas; see `compactOrderCounts`. */
export const COMPACT_ORDER_COUNTS_TASK = "orders/compact-counts";

/** How often the deltas are folded: a busy store adds a few thousand rows in that time, still a fast sum. */
export const COMPACT_ORDER_COUNTS_INTERVAL_MS = 10 * 60 * 1000;

/**
 * How many orders the organization has, of one status or in all: the sum of the deltas the triggers of
 * `order_status_counts` (migration 0005) append. Exact in any transaction: the deltas are written with
 * the orders they count.
 */
export async function countOrders(
  db: Kysely<CoreTables> | Transaction<CoreTables>,
  organizationId: string,
  status?: OrderStatus,
): Promise<number> {
  const result = await sql<{ total: number }>`
    select coalesce(sum(delta), 0)::int as total from order_status_counts
    where organization_id = ${organizationId} ${status === undefined ? sql`` : sql`and status = ${status}`}`.execute(
    db,
  );
  return result.rows[0]?.total ?? 0;
}

/**
 * Folds every organization's deltas into one row per status, in one statement: it deletes the rows its
 * snapshot sees and writes their sums. Deltas that commit meanwhile are not in the snapshot, so they stay
 * beside the sum and every count stays exact. Answers the rows folded.
 */
export async function compactOrderCounts(db: Kysely<CoreTables>): Promise<number> {
  const result = await sql<{ folded: number }>`
    with gone as (delete from order_status_counts returning organization_id, status, delta),
    kept as (
      insert into order_status_counts (organization_id, status, delta)
      select organization_id, status, sum(delta) from gone group by organization_id, status having sum(delta) <> 0
    )
    select count(*)::int as folded from gone`.execute(db);
  return result.rows[0]?.folded ?? 0;
}

declare module "../../kernel/kernel-task.js" {
  interface TaskInputs {
    "orders/compact-counts": Record<string, never>;
  }
}
