import { sql, type RawBuilder } from "kysely";

/** Order line columns the reports read, all carried by the `order_lines_order_analytics` index. */
export type OrderLineColumn =
  | "entity_id"
  | "variant_id"
  | "title"
  | "sku"
  | "quantity"
  | "refunded_quantity"
  | "tax_rate_bps"
  | "tax"
  | "total";

/**
 * FROM and WHERE clauses: the orders `o` placed in `[start, end)` that are not cancelled, each with its
 * lines `ol` (the listed columns); the caller adds the grouping. The orders come from `orders_organization_created_analytics` by date, and each
 * order's lines from `order_lines_order_analytics`, both index-only.
 *
 * `offset 0` keeps PostgreSQL from flattening the lateral subquery into a plain join: flattened, it
 * estimates a hash of every line of the store cheaper than one index descent per order and reads the
 * whole table whatever the period, slower than a descent per order for a month and for a year alike
 * (see bench/results/analytics.md).
 */
export function linesOfOrders(input: {
  organizationId: string;
  start: Date;
  end: Date;
  columns: readonly OrderLineColumn[];
}): RawBuilder<unknown> {
  const { organizationId, start, end, columns } = input;
  const selected = sql.join(columns.map((name) => sql.ref(`l.${name}`)));
  return sql`orders o
    cross join lateral (
      select ${selected} from order_lines l where l.order_id = o.id and l.organization_id = ${organizationId} offset 0
    ) ol
    where o.organization_id = ${organizationId} and o.status <> 'cancelled' and o.created_at >= ${start} and o.created_at < ${end}`;
}
